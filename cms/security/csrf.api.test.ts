import type { Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, openDatabase, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'
import { databaseSnapshot } from '../../testing/dbSnapshot'
import { ALL_READS, CMS_COLLECTIONS, CMS_WRITES, COOKIE_WRITES, SOME_ID } from '../../testing/endpoints'

/**
 * SECURITY.md §2: a cookie-authenticated unsafe request is refused unless it
 * comes from our own origin; no GET (or HEAD) changes anything.
 */

const FORGED = { name: 'Forged', username: TEST_ADMIN.username, password: TEST_ADMIN.password, code: '123456' }

describe('cross-site request forgery', () => {
  let server: TestServer
  let db: Client
  let admin: ApiClient
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    // Payload's own list of origins emptied (TEST_PAYLOAD_CSRF): it honours the cookie from any origin, so what refuses a
    // forged write here is our check alone (cms/security/csrf.ts). A cross-site read, which Payload's list answers:
    // cms/security/session.api.test.ts.
    server = await startServer({ seed: 'demo', env: { RATE_LIMIT_LOGIN: '10000', RATE_LIMIT_FORMS: '10000', TEST_PAYLOAD_CSRF: 'off' } })
    db = await openDatabase(server)
    admin = await loggedInAdmin(server.url)
    for (const path of ['campaigns', 'team', 'games', 'sponsorship-tiers']) {
      const list = await admin.get(`/api/admin/${path}`)
      ids[path] = list.json[0].id
    }
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  /**
   * Every unsafe route of the routers but Stripe's signed webhook, and every write of Payload's
   * REST on every collection (testing/endpoints.ts): the guard answers before the body is read,
   * so one body serves them all.
   */
  const unsafeCalls = (): Array<[string, string, unknown]> => [
    ...COOKIE_WRITES.map((r): [string, string, unknown] => [r.method, r.url, r.method === 'DELETE' ? undefined : FORGED]),
    ...CMS_WRITES.map((w): [string, string, unknown] => [w.method, w.url, w.method === 'DELETE' ? undefined : FORGED]),
  ]

  /** What a browser on another site (or a non-browser client replaying a cookie) would send. */
  const foreignHeaders = (url: string): Array<[string, Record<string, string>]> => {
    const port = new URL(url).port
    return [
      ['foreign Origin', { Origin: 'https://evil.example' }],
      ['opaque Origin "null"', { Origin: 'null' }],
      ['same host, other port', { Origin: `http://localhost:${Number(port) + 1}` }],
      ['https instead of http', { Origin: url.replace('http:', 'https:') }],
      ['look-alike host', { Origin: `${url}.evil.example` }],
      ['no Origin, no Sec-Fetch-Site', { Origin: '' }],
      ['no Origin, Sec-Fetch-Site: cross-site', { Origin: '', 'Sec-Fetch-Site': 'cross-site' }],
      ['no Origin, Sec-Fetch-Site: same-site', { Origin: '', 'Sec-Fetch-Site': 'same-site' }],
      ['no Origin, Sec-Fetch-Site: none', { Origin: '', 'Sec-Fetch-Site': 'none' }],
      ['foreign Origin, Sec-Fetch-Site: same-origin', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' }],
    ]
  }

  /** ApiClient always sends our Origin; an empty value here means: send none. */
  async function send(method: string, path: string, body: unknown, headers: Record<string, string>) {
    const h: Record<string, string> = { Cookie: admin.cookie, ...headers }
    if (body !== undefined) h['Content-Type'] = 'application/json'
    if (h.Origin === '') delete h.Origin
    const res = await fetch(server.url + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: res.status, json: await res.json().catch(() => undefined) }
  }

  it('refuses every cookie-authenticated unsafe admin request that is not same-origin, and changes nothing', async () => {
    const before = await databaseSnapshot(db)
    let count = 0
    for (const [method, path, body] of unsafeCalls()) {
      for (const [label, headers] of foreignHeaders(server.url)) {
        const res = await send(method, path, body, headers)
        expect(res.status, `${method} ${path} with ${label}`).toBe(403)
        expect(res.json.error).toMatch(/Cross-site request refused/)
        count++
      }
    }
    expect(count).toBe(unsafeCalls().length * foreignHeaders(server.url).length)
    // Money, inbox and Payload's writes are in the sweep, not only the spec's dashboard.
    expect(unsafeCalls().map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['POST /api/admin/donations', 'PUT /api/admin/contact-messages/' + SOME_ID, 'POST /cms-api/donations']),
    )
    expect(await databaseSnapshot(db)).toBe(before)
    // The session survived the forged logout.
    expect((await admin.get('/api/admin/me')).status).toBe(200)
  })

  it('refuses forged writes whose bodies would be accepted (create, rename, delete; ours and Payload’s), storing nothing', async () => {
    // Valid bodies: without the origin check these would be stored (the next test sends such a write from our origin).
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/admin/campaigns', { name: 'Forged campaign', description: 'From another site', goalAmount: '100' }],
      ['PUT', `/api/admin/campaigns/${ids.campaigns}`, { name: 'Forged name' }],
      ['DELETE', `/api/admin/games/${ids.games}`, undefined],
      ['POST', '/cms-api/campaigns', { name: 'Forged campaign', description: 'From another site', goalAmount: 100 }],
      ['PATCH', `/cms-api/campaigns/${ids.campaigns}`, { name: 'Forged name' }],
    ]
    const campaignBefore = (await admin.get('/api/admin/campaigns')).json.find((c: { id: string }) => c.id === ids.campaigns)
    const before = await databaseSnapshot(db)
    for (const [method, path, body] of writes) {
      for (const [label, headers] of foreignHeaders(server.url)) {
        expect((await send(method, path, body, headers)).status, `${method} ${path} with ${label}`).toBe(403)
      }
    }
    expect(await databaseSnapshot(db)).toBe(before)
    // Read back through the API: the campaign as it was, the game still there, no forged campaign.
    const campaigns = (await admin.get('/api/admin/campaigns')).json as Array<{ id: string; name: string }>
    expect(campaigns.find((c) => c.id === ids.campaigns)).toEqual(campaignBefore)
    expect(campaigns.map((c) => c.name)).not.toContain('Forged campaign')
    expect((await admin.get('/api/admin/games')).json.map((g: { id: string }) => g.id)).toContain(ids.games)
  })

  it('accepts the same requests from our own origin, or with Sec-Fetch-Site: same-origin and no Origin', async () => {
    const viaOrigin = await send('PUT', `/api/admin/campaigns/${ids.campaigns}`, { name: 'Renamed by us' }, { Origin: server.url })
    expect(viaOrigin.status).toBe(200)
    const viaFetchSite = await send(
      'PUT',
      `/api/admin/campaigns/${ids.campaigns}`,
      { name: 'Renamed again' },
      { Origin: '', 'Sec-Fetch-Site': 'same-origin' },
    )
    expect(viaFetchSite.status).toBe(200)
    expect(viaFetchSite.json.name).toBe('Renamed again')
  })

  it('lets a non-browser client without a cookie log in, but never lets a foreign origin log in (login CSRF)', async () => {
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
    })
    expect(res.status).toBe(200)
    const forged = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
    })
    expect(forged.status).toBe(403)
    expect(forged.headers.getSetCookie()).toHaveLength(0)
  })

  it('changes nothing on any GET or HEAD, whatever the path, query or method-override header', async () => {
    const before = await databaseSnapshot(db)
    const reads = new Set(ALL_READS)
    // Unsafe endpoints reached with GET: not found, nothing done.
    const unsafeByGet = [...new Set(COOKIE_WRITES.map((r) => r.url))].filter((url) => !reads.has(url))
    const paths = [
      ...ALL_READS,
      ...unsafeByGet,
      ...Object.keys(CMS_COLLECTIONS).map((slug) => `/cms-api/${slug}`),
      '/api/admin/unlock?username=coach.admin',
      '/api/admin/login?username=coach.admin&password=correct-horse-battery',
      '/api/admin/setup?username=x&password=a-long-enough-password',
      '/api/contact?name=a&email=a@example.com&message=hi',
      '/api/sponsors?contactName=a',
      `/api/admin/campaigns/${ids.campaigns}?_method=DELETE`,
      `/api/admin/team/${ids.team}`,
      '/api/admin/content?section=hero&key=title&value=Changed',
      '/',
      '/admin',
      '/nope',
    ]
    expect(unsafeByGet).toContain('/api/admin/logout')
    for (const path of paths) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(server.url + path, {
          method,
          headers: { Cookie: admin.cookie, Origin: server.url, 'X-HTTP-Method-Override': 'DELETE', 'X-Method-Override': 'DELETE' },
        })
        expect(res.status, `${method} ${path}`).toBeLessThan(500)
        if (unsafeByGet.includes(path) || path.startsWith('/api/admin/unlock') || path.startsWith('/api/contact')) {
          expect(res.status, `${method} ${path}`).toBe(404)
        }
        await res.arrayBuffer()
      }
    }
    expect(await databaseSnapshot(db)).toBe(before)
    expect((await admin.get('/api/admin/me')).status).toBe(200)
  })
})
