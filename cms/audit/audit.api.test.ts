import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminAuditEntry } from '#shared/api'
import { allPages } from '../../testing/allPages'
import { ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §9: every admin create, update and delete is recorded with who,
 * when, what and which fields; refusals are recorded but sampled; nobody can
 * change the log through an API; old rows are pruned.
 */

/** A row as GET /api/admin/audit-log answers it. */
type Entry = Omit<AdminAuditEntry, 'detail'> & { detail: Record<string, unknown> | null }

const ENV = { RATE_LIMIT_LOGIN: '10000', RATE_LIMIT_FORMS: '3', AUDIT_RETENTION_DAYS: '30' }

describe('audit log', () => {
  let server: TestServer
  let admin: ApiClient
  const entries = () => allPages<Entry>(admin, '/api/admin/audit-log')

  beforeAll(async () => {
    server = await startServer({ env: ENV })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('records every admin create, update and delete: who, when, which record and which fields; values only of money and account fields', async () => {
    const created = await admin.post('/api/admin/campaigns', { name: 'Audit Drive', description: 'Secret plan 42', goalAmount: '100' })
    const id = created.json.id
    await admin.put(`/api/admin/campaigns/${id}`, { description: 'Another secret 43', goalAmount: '150.50' })
    await admin.put(`/api/admin/campaigns/${id}`, { description: 'Another secret 43' }) // no change: nothing to record
    await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Welcome text 44' })
    const beforeDelete = Date.now()
    expect((await admin.delete(`/api/admin/campaigns/${id}`)).status).toBe(204)
    const afterDelete = Date.now()

    const log = await entries()
    const about = log.filter((e) => e.targetId === id).reverse()
    expect(about.map((e) => e.event)).toEqual(['create', 'update', 'delete'])
    for (const e of about)
      expect(e).toMatchObject({ actor: TEST_ADMIN.username, targetCollection: 'campaigns', ip: expect.stringMatching(/127\.0\.0\.1|::1/) })
    expect(about[1].changedFields).toEqual(['description', 'goalAmount'])
    // A campaign's money is kept from what to what; its texts by name only.
    expect(about[1].changes).toEqual({ goalAmount: { from: '100.00', to: '150.50' } })
    // Recorded while the delete ran: between the two instants the test read around it.
    expect(Date.parse(about[2].createdAt)).toBeGreaterThanOrEqual(beforeDelete)
    expect(Date.parse(about[2].createdAt)).toBeLessThanOrEqual(afterDelete)
    expect(log.find((e) => e.targetCollection === 'site-content')).toMatchObject({ event: 'create', actor: TEST_ADMIN.username })
    const text = JSON.stringify(log)
    for (const value of ['Secret plan 42', 'Another secret 43', 'Welcome text 44', TEST_ADMIN.password]) expect(text).not.toContain(value)
    // The first admin's setup and first login are there too.
    expect(log.some((e) => e.event === 'setup' && e.actor === TEST_ADMIN.username)).toBe(true)
    expect(log.some((e) => e.event === 'create' && e.targetCollection === 'admin-users' && e.actor === 'system')).toBe(true)
    expect(log.some((e) => e.event === 'login' && e.actor === TEST_ADMIN.username)).toBe(true)
  })

  it('records writes through every door: money and inbox under /api/admin, and Payload’s REST', async () => {
    const gift = await admin.post('/api/admin/donations', {
      donorName: 'Ann Audit',
      donorEmail: 'ann@example.org',
      amount: '25',
      paymentMethod: 'cash',
    })
    expect(gift.status, gift.text).toBe(201)
    expect((await admin.put(`/api/admin/donations/${gift.json.id}`, { status: 'completed' })).status).toBe(200)
    // Stored through Payload's REST: the visitors' form is rate-limited to 3 here (the refusals test).
    const message = (await admin.post('/cms-api/contact-messages', { name: 'Audit', email: 'a@example.org', message: 'Hello there' })).json
      .doc
    expect((await admin.put(`/api/admin/contact-messages/${message.id}`, { status: 'read' })).status).toBe(200)
    const game = await admin.post('/cms-api/games', {
      opponent: 'Audit High',
      gameDate: '2027-01-09',
      gameTime: '19:00',
      location: 'Home gym',
    })
    expect(game.status, game.text).toBe(201)
    expect((await admin.request('PATCH', `/cms-api/games/${game.json.doc.id}`, { location: 'Away gym' })).status).toBe(200)
    expect((await admin.delete(`/cms-api/games/${game.json.doc.id}`)).status).toBe(200)

    const log = await entries()
    const about = (id: string) =>
      log
        .filter((e) => e.targetId === String(id))
        .map((e) => `${e.event} ${e.targetCollection}`)
        .reverse()
    expect(about(gift.json.id)).toEqual(['create donations', 'update donations'])
    expect(about(message.id)).toEqual(['create contact-messages', 'update contact-messages'])
    expect(about(game.json.doc.id)).toEqual(['create games', 'update games', 'delete games'])
    expect(log.find((e) => e.targetId === String(game.json.doc.id) && e.event === 'update')?.changedFields).toEqual(['location'])
  })

  it('records logouts and refused requests (cross-site writes, dead sessions, rate limits), sampled so an attack cannot flood it', async () => {
    const other = new ApiClient(server.url)
    await other.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    const dead = other.cookie
    expect((await other.post('/api/admin/logout')).status).toBe(200)
    other.cookie = dead
    expect((await other.get('/api/admin/campaigns')).status).toBe(401)

    for (let i = 0; i < 40; i++) {
      expect(
        (await admin.post('/api/admin/campaigns', { name: 'x', description: 'y', goalAmount: '1' }, { Origin: 'https://evil.example' }))
          .status,
      ).toBe(403)
    }
    const visitor = new ApiClient(server.url)
    for (let i = 0; i < 6; i++) await visitor.post('/api/contact', { name: 'A', email: 'a@example.com', message: `m${i}` })

    // Sampled rows are written after the answer: wait for the last kind to land.
    await expect.poll(async () => (await entries()).filter((e) => e.event === 'rate-limited').length).toBeGreaterThanOrEqual(1)
    await expect.poll(async () => (await entries()).filter((e) => e.event === 'cross-site-refused').length).toBeGreaterThanOrEqual(1)
    const log = await entries()
    expect(log.some((e) => e.event === 'logout' && e.actor === TEST_ADMIN.username)).toBe(true)
    expect(log.some((e) => e.event === 'unauthenticated' && e.detail?.path === '/api/admin/campaigns')).toBe(true)
    expect(log.filter((e) => e.event === 'rate-limited').length).toBeGreaterThanOrEqual(1)
    const refused = log.filter((e) => e.event === 'cross-site-refused')
    expect(refused.length).toBeGreaterThanOrEqual(1)
    expect(refused.length).toBeLessThanOrEqual(20) // 40 refusals, at most 10 rows a minute (two minutes at most in this test)
    expect(refused[0].detail).toMatchObject({ method: 'POST', path: '/api/admin/campaigns' })
  })

  it('cannot be changed through any API: there is no write endpoint, and the collection refuses writes', async () => {
    const [row] = await entries()
    const attempts = [
      await admin.post('/api/admin/audit-log', { event: 'forged' }),
      await admin.put(`/api/admin/audit-log/${row.id}`, { event: 'forged' }),
      await admin.delete(`/api/admin/audit-log/${row.id}`),
    ]
    for (const res of attempts) expect(res.status).toBe(404)
    // Payload's REST on the collection: readable by an admin, every write refused.
    expect((await admin.get(`/cms-api/audit-log/${row.id}`)).json.event).toBe(row.event)
    const cmsAttempts = [
      await admin.post('/cms-api/audit-log', { event: 'forged', actor: 'x' }),
      await admin.request('PATCH', `/cms-api/audit-log/${row.id}`, { event: 'forged' }),
      await admin.request('PATCH', `/cms-api/audit-log?where[id][equals]=${row.id}`, { event: 'forged' }),
      await admin.delete(`/cms-api/audit-log/${row.id}`),
      await admin.delete(`/cms-api/audit-log?where[id][equals]=${row.id}`),
    ]
    for (const res of cmsAttempts) expect(res.status, res.text).toBe(403)
    expect((await entries()).find((e) => e.id === row.id)).toEqual(row)
    expect((await new ApiClient(server.url).get('/api/admin/audit-log')).status).toBe(401)
  })

  it('prunes rows older than AUDIT_RETENTION_DAYS at start, once the hourly pruning is due', async () => {
    // A server of its own: pruning a month ahead empties most of the log the other tests read.
    const ownDir = mkdtempSync(join(tmpdir(), 'boosters-audit-prune-'))
    let own = await startServer({ dataDir: ownDir, env: ENV })
    try {
      let owner = await loggedInAdmin(own.url)
      const log = () => allPages<Entry>(owner, '/api/admin/audit-log')
      // Two rows made through the product, one after the other: a month from now the older is past the
      // retention, the newer not yet. The restarted server's periodic tasks run on that clock (TEST_TASK_CLOCK).
      const rowOf = async (name: string) => {
        const id = (await owner.post('/api/admin/campaigns', { name, description: 'Pruning', goalAmount: '10' })).json.id
        const row = (await log()).find((e) => e.targetId === id && e.event === 'create')
        expect(row, name).toBeTruthy()
        return row!
      }
      const older = await rowOf('Prune older')
      let newer = await rowOf('Prune newer')
      while (Date.parse(newer.createdAt) <= Date.parse(older.createdAt)) newer = await rowOf('Prune newer')
      const between = (Date.parse(older.createdAt) + Date.parse(newer.createdAt)) / 2
      // The first start pruned and set the next run an hour ahead: a month later, that hour has passed.
      const clock = new Date(between + 30 * 24 * 60 * 60_000).toISOString()
      await own.stop()
      own = await startServer({ dataDir: ownDir, env: { ...ENV, TEST_TASK_CLOCK: clock } })
      owner = await loggedInAdmin(own.url)
      const ids = new Set((await log()).map((e) => e.id))
      expect(ids.has(older.id), 'the row past the retention is pruned').toBe(false)
      expect(ids.has(newer.id), 'the row within it is kept').toBe(true)
    } finally {
      await own.stop()
      rmSync(ownDir, { recursive: true, force: true })
    }
  })
})
