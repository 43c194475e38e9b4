import { createClient, type Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §7 (concurrency): concurrent submissions are each stored exactly
 * once; concurrent admin edits never corrupt a record or fail with a 5xx.
 */

describe('concurrency', () => {
  let server: TestServer
  let db: Client
  let admin: ApiClient

  beforeAll(async () => {
    // A throttled login waits 10 minutes here, not 1 s: the 429s counted below cannot expire while they are counted.
    server = await startServer({
      seed: 'demo',
      env: { RATE_LIMIT_FORMS: '1000000', RATE_LIMIT_LOGIN: '1000000', LOGIN_FIRST_WAIT_SECONDS: '600' },
    })
    db = createClient({ url: server.databaseUri })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  const count = async (table: string) => Number((await db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)

  it('stores 200 concurrent public submissions, each exactly once', async () => {
    const contactsBefore = await count('contact_messages')
    const sponsorsBefore = await count('sponsor_applications')
    const visitors = Array.from({ length: 200 }, () => new ApiClient(server.url))
    const results = await Promise.all(
      visitors.map((client, i) =>
        i % 2
          ? client.post('/api/contact', { name: `Visitor ${i}`, email: `v${i}@example.com`, message: `Concurrent message ${i}` })
          : client.post('/api/sponsors', {
              contactName: `Sponsor ${i}`,
              contactEmail: `s${i}@example.com`,
              contactPhone: '555-0100',
              companyName: `Company ${i}`,
              companyAddress: `${i} Main St`,
              businessType: 'retail',
              sponsorshipLevel: 'gold',
            }),
      ),
    )
    expect(results.map((r) => r.status)).toEqual(Array(200).fill(201))
    expect(new Set(results.map((r) => r.json.id)).size).toBe(200)
    expect(await count('contact_messages')).toBe(contactsBefore + 100)
    expect(await count('sponsor_applications')).toBe(sponsorsBefore + 100)
    const messages = await db.execute(
      "SELECT message, count(*) AS n FROM contact_messages WHERE message LIKE 'Concurrent message %' GROUP BY message",
    )
    expect(messages.rows).toHaveLength(100)
    expect(messages.rows.every((r) => Number(r.n) === 1)).toBe(true)
    const companies = await db.execute(
      "SELECT company_name, count(*) AS n FROM sponsor_applications WHERE company_name LIKE 'Company %' GROUP BY company_name",
    )
    expect(companies.rows).toHaveLength(100)
    expect(companies.rows.every((r) => Number(r.n) === 1)).toBe(true)
  })

  it('leaves a record whole after 40 concurrent full edits: every field from the same edit', async () => {
    const campaign = (await admin.get('/api/admin/campaigns')).json[0]
    const edits = Array.from({ length: 40 }, (_, i) => ({
      name: `Edit ${i}`,
      description: `Description of edit ${i}`,
      goalAmount: `${1000 + i}.00`,
      // Above the demo gifts the campaign holds: the raised amount cannot go below them (docs/payments.md).
      currentAmount: `${5000 + i}.50`,
      imageUrl: `image-${i}`,
      isActive: i % 2 ? 'true' : 'false',
    }))
    const results = await Promise.all(edits.map((body) => admin.put(`/api/admin/campaigns/${campaign.id}`, body)))
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(200))
    const final = (await admin.get('/api/admin/campaigns')).json.find((c: any) => c.id === campaign.id)
    const i = Number(final.name.replace('Edit ', ''))
    const { name, description, goalAmount, currentAmount, imageUrl, isActive } = final
    expect({ name, description, goalAmount, currentAmount, imageUrl, isActive }).toEqual(edits[i])
    expect((await db.execute('PRAGMA integrity_check')).rows[0].integrity_check).toBe('ok')
  })

  it('loses no field when concurrent edits change different fields of one record', async () => {
    const member = (await admin.get('/api/admin/team')).json[0]
    for (let round = 0; round < 5; round++) {
      const patch = {
        name: `Player ${round}`,
        position: `Position ${round}`,
        grade: `Grade ${round}`,
        height: `${round}'0"`,
        bio: `Bio ${round}`,
        jerseyNumber: round + 40,
        displayOrder: round + 100,
      }
      const results = await Promise.all(Object.entries(patch).map(([k, v]) => admin.put(`/api/admin/team/${member.id}`, { [k]: v })))
      expect(results.map((r) => r.status)).toEqual(Array(7).fill(200))
      const final = (await admin.get('/api/admin/team')).json.find((m: any) => m.id === member.id)
      expect(final).toMatchObject(patch)
    }
  })

  it('creates one site text record when two admins set a new section + key at the same time', async () => {
    for (let round = 0; round < 3; round++) {
      const section = `race${round}`
      const values = Array.from({ length: 12 }, (_, i) => `value ${i}`)
      const results = await Promise.all(values.map((value) => admin.put('/api/admin/content', { section, key: 'title', value })))
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(200))
      const { rows } = await db.execute({ sql: 'SELECT value FROM site_content WHERE section = ? AND key = ?', args: [section, 'title'] })
      expect(rows).toHaveLength(1)
      expect(values).toContain(rows[0].value)
      expect(new Set(results.map((r) => r.json.id)).size).toBe(1)
    }
  })

  it('creates one site text record when two server processes race on a new section + key (retried as an update)', async () => {
    // In one Node process SQLite writes never interleave here; two app instances
    // (two processes on one SQLite file, or on one MongoDB) do, and hit the unique index.
    const other = await startServer({ dataDir: server.dataDir, env: { RATE_LIMIT_LOGIN: '1000000' } })
    try {
      const otherAdmin = await loggedInAdmin(other.url)
      for (let round = 0; round < 25; round++) {
        const section = `twins${round}`
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            (i % 2 ? admin : otherAdmin).put('/api/admin/content', { section, key: 'title', value: `value ${i}` }),
          ),
        )
        expect(
          results.map((r) => r.status),
          results.find((r) => r.status !== 200)?.text,
        ).toEqual(Array(6).fill(200))
        expect(new Set(results.map((r) => r.json.id)).size).toBe(1)
        const { rows } = await db.execute({ sql: 'SELECT count(*) AS n FROM site_content WHERE section = ?', args: [section] })
        expect(Number(rows[0].n)).toBe(1)
      }
    } finally {
      await other.stop()
    }
  })

  it('handles concurrent updates and deletes of one record: 200, 204 or 404, never a 5xx', async () => {
    const created = await admin.post('/api/admin/games', {
      opponent: 'Race Rivals',
      gameDate: '2027-01-15',
      gameTime: '19:00',
      location: 'Gym',
    })
    expect(created.status).toBe(201)
    const id = created.json.id
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 5 === 2
          ? admin.delete(`/api/admin/games/${id}`)
          : admin.put(`/api/admin/games/${id}`, { opponent: `Rivals ${i}`, ourScore: i }),
      ),
    )
    for (const r of results) expect([200, 204, 404]).toContain(r.status)
    expect(results.filter((r) => r.status === 204)).toHaveLength(1)
    expect((await admin.get('/api/admin/games')).json.find((g: any) => g.id === id)).toBeUndefined()
    expect(await db.execute({ sql: 'SELECT count(*) AS n FROM games WHERE id = ?', args: [id] }).then((r) => Number(r.rows[0].n))).toBe(0)
  })

  it('keeps every session of 10 concurrent logins, never revives a logged-out one, and counts concurrent wrong guesses exactly (throttle, no lock)', async () => {
    const clients = Array.from({ length: 10 }, () => new ApiClient(server.url))
    const logins = await Promise.all(
      clients.map((c) => c.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })),
    )
    expect(logins.map((r) => r.status)).toEqual(Array(10).fill(200))
    const me = await Promise.all(clients.map((c) => c.get('/api/admin/me')))
    expect(me.map((r) => r.status)).toEqual(Array(10).fill(200))

    // A logout overlapping other logins stays a logout: the revoked session does not come back.
    for (let round = 0; round < 3; round++) {
      const leaving = new ApiClient(server.url)
      expect((await leaving.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
      const revokedCookie = leaving.cookie
      const arriving = Array.from({ length: 2 }, () => new ApiClient(server.url))
      const [logout, ...others] = await Promise.all([
        leaving.post('/api/admin/logout'),
        ...arriving.map((c) => c.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })),
      ])
      expect(logout.status).toBe(200)
      expect(others.map((r) => r.status)).toEqual([200, 200])
      expect((await leaving.get('/api/admin/me', { Cookie: revokedCookie })).status).toBe(401)
      for (const c of arriving) expect((await c.get('/api/admin/me')).status).toBe(200)
    }

    const guesses = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        new ApiClient(server.url).post('/api/admin/login', { username: TEST_ADMIN.username, password: `wrong guess ${i}` }),
      ),
    )
    // Counted exactly, one after another: three free failures, a fourth that starts the wait, then refusals.
    expect(guesses.filter((r) => r.status === 401)).toHaveLength(4)
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(5)
    const waiting = await new ApiClient(server.url).post('/api/admin/login', {
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
    })
    expect(waiting.status).toBe(429)
    // The admin's existing session still works, to lift the throttle at once.
    const unlock = await admin.post('/api/admin/unlock', { username: TEST_ADMIN.username })
    expect(unlock.status).toBe(200)
    expect(
      (await new ApiClient(server.url).post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status,
    ).toBe(200)
  })
})
