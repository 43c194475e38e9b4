import { createClient, type Client } from '@libsql/client'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminAuditEntry } from '#shared/api'
import { allPages } from '../../testing/allPages'
import { ApiClient, loggedInAdmin, openDatabase, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

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
  let db: Client
  let admin: ApiClient
  const entries = () => allPages<Entry>(admin, '/api/admin/audit-log')
  // Kept across the restart in the last test (a server started without dataDir deletes its own on stop).
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-audit-'))

  beforeAll(async () => {
    server = await startServer({ dataDir, env: ENV })
    db = await openDatabase(server)
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('records every admin create, update and delete: who, when, which record and which fields; values only of money and account fields', async () => {
    const created = await admin.post('/api/admin/campaigns', { name: 'Audit Drive', description: 'Secret plan 42', goalAmount: '100' })
    const id = created.json.id
    await admin.put(`/api/admin/campaigns/${id}`, { description: 'Another secret 43', goalAmount: '150.50' })
    await admin.put(`/api/admin/campaigns/${id}`, { description: 'Another secret 43' }) // no change: nothing to record
    await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Welcome text 44' })
    expect((await admin.delete(`/api/admin/campaigns/${id}`)).status).toBe(204)

    const log = await entries()
    const about = log.filter((e) => e.targetId === id).reverse()
    expect(about.map((e) => e.event)).toEqual(['create', 'update', 'delete'])
    for (const e of about)
      expect(e).toMatchObject({ actor: TEST_ADMIN.username, targetCollection: 'campaigns', ip: expect.stringMatching(/127\.0\.0\.1|::1/) })
    expect(about[1].changedFields).toEqual(['description', 'goalAmount'])
    // A campaign's money is kept from what to what; its texts by name only.
    expect(about[1].changes).toEqual({ goalAmount: { from: '100.00', to: '150.50' } })
    expect(Date.now() - Date.parse(about[2].createdAt)).toBeLessThan(60_000)
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
    const old = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString()
    const recent = new Date(Date.now() - 29 * 24 * 60 * 60_000).toISOString()
    for (const [id, at] of [
      ['00000000-0000-4000-8000-0000000000a1', old],
      ['00000000-0000-4000-8000-0000000000a2', recent],
    ]) {
      await db.execute({
        sql: "INSERT INTO audit_log (id, event, actor, created_at, updated_at) VALUES (?, 'login', 'someone', ?, ?)",
        args: [id, at, at],
      })
    }
    // The first start pruned and set the next run an hour ahead (shared by all processes, cms/db/serverState.ts): as if that hour had passed.
    await db.execute({ sql: "UPDATE server_state SET due_at = ? WHERE key = 'task:prune'", args: [new Date().toISOString()] })
    db.close()
    await server.stop()
    server = await startServer({ dataDir, env: ENV })
    db = createClient({ url: server.databaseUri })
    // The other tests may run after this one (vitest --sequence.shuffle): they find the same server, signed in.
    admin = await loggedInAdmin(server.url)
    const { rows } = await db.execute("SELECT id FROM audit_log WHERE id LIKE '00000000-0000-4000-8000-0000000000a%'")
    expect(rows.map((r) => r.id)).toEqual(['00000000-0000-4000-8000-0000000000a2'])
  })
})
