import { readFileSync } from 'node:fs'
import type { Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smallPhoto, upload } from '../../testing/photos'
import { ApiClient, loggedInAdmin, openDatabase, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'
import { startSmtpCapture } from '../../testing/smtp'
import { checkoutSession, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../../testing/stripe'

/**
 * docs/SCALING.md: several server processes on one database stay correct.
 * Two real servers share one SQLite file: each mail goes out once, a save on
 * one shows on the other within 2 s, and the login throttle, the rate limits
 * and the hourly pruning are shared. The servers trust the loopback proxy, so
 * each test speaks from its own visitor addresses (X-Forwarded-For).
 */

const CLUB = 'club@ladyhawks.test'
/** The periodic tasks' now in this file's servers (TEST_TASK_CLOCK, cms/env.ts): when the file starts. */
const TASK_CLOCK = new Date().toISOString()
const FORMS_LIMIT = 4
let nextAddress = 1
const freshAddress = () => `203.0.113.${nextAddress++}`

describe('two server processes on one database', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let a: TestServer
  let b: TestServer
  let db: Client
  let admin: ApiClient
  let pruneDueAfterA: unknown

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Lady Hawks Boosters <boosters@ladyhawks.test>',
      // Every second each process looks for mail to send: the two race for the same messages (more often, and
      // SQLite's one writer at a time keeps the two processes waiting on each other more than serving).
      EMAIL_RETRY_MS: '1000',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_FORMS: String(FORMS_LIMIT),
      RATE_LIMIT_LOGIN: '100000',
      LOGIN_ACCOUNT_CEILING: '1000',
      // A wait the test expects cannot expire before it is asked for on a busy machine.
      LOGIN_FIRST_WAIT_SECONDS: '600',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      // The first process's pruning is then due exactly an hour after the test's clock.
      TEST_TASK_CLOCK: TASK_CLOCK,
    }
    a = await startServer({ env })
    db = await openDatabase(a)
    pruneDueAfterA = (await db.execute("SELECT due_at FROM server_state WHERE key = 'task:prune'")).rows[0]?.due_at
    b = await startServer({ env, dataDir: a.dataDir })
    admin = await loggedInAdmin(a.url)
  }, 120_000)
  afterAll(async () => {
    db?.close()
    await b?.stop()
    await a?.stop()
    await smtp?.stop()
  })

  it('prunes once per hour across processes: the second process found the task already done', async () => {
    expect(pruneDueAfterA, 'the first process ran the pruning and set its next time').toBeTruthy()
    expect(Date.parse(String(pruneDueAfterA))).toBe(Date.parse(TASK_CLOCK) + 60 * 60_000)
    const rows = await db.execute("SELECT due_at FROM server_state WHERE key = 'task:prune'")
    expect(rows.rows.map((r) => r.due_at)).toEqual([pruneDueAfterA])
  })

  it('reports health on /healthz: database, migrations, mail queue, build; 503 while a migration is missing', async () => {
    // With the club's address set, nothing another test queued stays waiting: the queue empties.
    expect((await admin.put('/api/admin/content', { section: 'contact', key: 'email', value: CLUB })).status).toBe(200)
    for (const server of [a, b]) {
      await expect.poll(async () => (await new ApiClient(server.url).get('/healthz')).json.mailQueue).toEqual({ waiting: 0, failed: 0 })
      const res = await new ApiClient(server.url).get('/healthz')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.json).toEqual({
        status: 'ok',
        database: 'ok',
        pendingMigrations: [],
        mailQueue: { waiting: 0, failed: 0 },
        storage: 'ok',
        // The test servers take no scheduled backups (testing/server.ts); cms/db/backup.api.test.ts checks them.
        backup: { last: null, everyHours: 0, overdue: false, storeFailing: false },
        // The release (package.json) and the build (dist/build.json, `dev` without BUILD_ID: cms/release.ts).
        version: JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
        build: 'dev',
      })
    }
    const last = (await db.execute('SELECT * FROM payload_migrations ORDER BY name DESC LIMIT 1')).rows[0]
    await db.execute({ sql: 'DELETE FROM payload_migrations WHERE id = ?', args: [last.id] })
    try {
      const res = await new ApiClient(a.url).get('/healthz')
      expect(res.status).toBe(503)
      expect(res.json).toMatchObject({ status: 'migrations pending', database: 'ok', pendingMigrations: [last.name] })
    } finally {
      const columns = Object.keys(last)
      await db.execute({
        sql: `INSERT INTO payload_migrations (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        args: columns.map((c) => last[c]),
      })
    }
    expect((await new ApiClient(a.url).get('/healthz')).status).toBe(200)
  })

  it('sends each mail exactly once while both processes work the same outbox', async () => {
    // Without the club's address the notices wait (held); both processes retry them every second.
    expect((await admin.put('/api/admin/content', { section: 'contact', key: 'email', value: '' })).status).toBe(200)
    const names = Array.from({ length: 20 }, (_, i) => `Parent ${i}`)
    for (const [i, name] of names.entries()) {
      const res = await new ApiClient(i % 2 ? b.url : a.url).post(
        '/api/contact',
        { name, email: `p${i}@parent.test`, message: 'Two processes, one mail' },
        { 'X-Forwarded-For': freshAddress() },
      )
      expect(res.status).toBe(201)
    }
    expect((await admin.put('/api/admin/content', { section: 'contact', key: 'email', value: CLUB })).status).toBe(200)

    for (const name of names) await smtp.waitFor((m) => m.subject === `New contact message from ${name}`)
    // Every row marked sent (nothing left in flight), then count what the mail server got.
    await expect
      .poll(
        async () =>
          (await db.execute("SELECT count(*) AS n FROM email_outbox WHERE kind = 'contact-notice' AND status <> 'sent'")).rows[0].n,
      )
      .toBe(0)
    for (const name of names) expect(smtp.messages.filter((m) => m.subject === `New contact message from ${name}`)).toHaveLength(1)
    const senders = await db.execute("SELECT DISTINCT claimed_by FROM email_outbox WHERE kind = 'contact-notice'")
    expect(senders.rows.length, 'both processes took part in sending').toBe(2)
  })

  it('gives each of 50 card payments sent to both processes at once its own receipt number, gap-free, none held', async () => {
    for (const [key, value] of Object.entries({ legalName: 'Lady Hawks Boosters', ein: '12-3456789', address: '1 Hawk Way' }))
      expect((await admin.put('/api/admin/content', { section: 'organization', key, value })).status).toBe(200)
    const sessions = Array.from({ length: 50 }, (_, i) => checkoutSession({ amountCents: 1000 + i, email: `card${i}@two-processes.test` }))
    const answers = await Promise.all(
      sessions.map((session, i) => sendEvent(i % 2 ? b.url : a.url, signedEvent('checkout.session.completed', session))),
    )
    expect(answers.map((r) => r.status)).toEqual(sessions.map(() => 200))
    const ids = sessions.map((s) => `'${s.id}'`).join(',')
    const gifts = await db.execute(`SELECT id, status, receipt_number FROM donations WHERE stripe_checkout_session_id IN (${ids})`)
    expect(gifts.rows).toHaveLength(50)
    expect(gifts.rows.every((g) => g.status === 'completed' && /^\d{4}-\d{4}$/.test(String(g.receipt_number)))).toBe(true)
    expect(new Set(gifts.rows.map((g) => g.receipt_number)).size).toBe(50)
    // One receipt row per gift, and each year's numbers run 1, 2, 3… with no gap.
    const receipts = await db.execute('SELECT year, seq FROM receipts ORDER BY year, seq')
    for (const year of new Set(receipts.rows.map((r) => r.year))) {
      const seqs = receipts.rows.filter((r) => r.year === year).map((r) => Number(r.seq))
      expect(seqs).toEqual(seqs.map((_, i) => i + 1))
    }
    // Every receipt mailed once, none held.
    for (const session of sessions) await smtp.waitFor((m) => m.to.includes(session.customer_details.email))
    await expect
      .poll(
        async () =>
          (await db.execute(`SELECT count(*) AS n FROM email_outbox WHERE kind = 'donation-receipt' AND status <> 'sent'`)).rows[0].n,
      )
      .toBe(0)
    for (const session of sessions) expect(smtp.messages.filter((m) => m.to.includes(session.customer_details.email))).toHaveLength(1)
  })

  it('shows a save made on one process on the other, its cached page dropped', async () => {
    const title = () => fetch(b.url + '/api/content').then(async (r) => (await r.json())['hero/title'])
    expect(await title()).toBe('Lady Hawks Boosters')
    await fetch(b.url + '/') // cached on b now

    expect((await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Go Big Hawks' })).status).toBe(200)
    // How soon (2 s at most, CONTENT_POLL_MS) is `npm run bench`'s figure (bench/run.ts): a busy machine would fail a time limit.
    await expect.poll(title, { message: 'the save shows on the other process' }).toBe('Go Big Hawks')
    const html = (await (await fetch(b.url + '/')).text()).replace(/<!-- -->/g, '')
    expect(html).toContain('Go Big <span class="text-gold-400">Hawks</span>')
  })

  it("hides a player's photo on the other process the moment her family withdraws consent", async () => {
    const uploaded = await upload(admin, await smallPhoto(), 'player.jpg', 'image/jpeg', 'Photo of a player')
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201)
    const photo = uploaded.json.doc as { id: string }
    const player = await admin.post('/api/admin/team', {
      name: 'Jo Park',
      jerseyNumber: 8,
      position: 'Guard',
      grade: '11',
      image: photo.id,
    })
    expect(player.status, player.text).toBe(201)
    // The card-size file the roster links (/cms-api/media/file/…), asked of the other process.
    const card = b.url + player.json.imageUrl
    expect((await fetch(card)).status).toBe(200)

    expect((await admin.put(`/api/admin/team/${player.json.id}`, { showPhoto: false })).status).toBe(200)
    // The media door reads her consent from the database, not from a cache the other process drops later.
    expect((await fetch(card)).status).toBe(404)
  })

  it('throttles failed logins across both processes', async () => {
    const attacker = freshAddress()
    const login = (server: TestServer, password: string) =>
      new ApiClient(server.url).post('/api/admin/login', { username: TEST_ADMIN.username, password }, { 'X-Forwarded-For': attacker })
    // Four failures, alternating between the processes (two on each, within the three free ones of either alone):
    // the fourth starts the wait (LOGIN_FIRST_WAIT_SECONDS, ten minutes here), which both processes then keep.
    for (let i = 0; i < 4; i++) expect((await login(i % 2 ? b : a, `Wrong-Guess-${i}`)).status).toBe(401)
    for (const server of [a, b]) {
      const waiting = await login(server, TEST_ADMIN.password)
      expect(waiting.status).toBe(429)
      expect(waiting.json.error).toMatch(/^Too many failed logins for this username/)
    }
    // The owner from elsewhere is not affected on either process.
    for (const server of [a, b]) {
      const owner = await new ApiClient(server.url).post(
        '/api/admin/login',
        { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
        { 'X-Forwarded-For': freshAddress() },
      )
      expect(owner.status).toBe(200)
    }
  })

  it('counts the form rate limit across both processes', async () => {
    const visitor = freshAddress()
    const post = (server: TestServer, i: number) =>
      new ApiClient(server.url).post(
        '/api/contact',
        { name: `Busy ${i}`, email: 'busy@parent.test', message: 'Again and again' },
        { 'X-Forwarded-For': visitor },
      )
    for (let i = 0; i < FORMS_LIMIT; i++) expect((await post(i % 2 ? b : a, i)).status).toBe(201)
    for (const server of [a, b]) {
      const refused = await post(server, 99)
      expect(refused.status).toBe(429)
      expect(refused.json.error).toMatch(/^Too many form submissions from your network/)
    }
  })
})
