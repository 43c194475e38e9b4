import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { databaseTargets } from '../../testing/databases'
import { ApiClient, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

describe.each(databaseTargets)('admin session API on $name', ({ env }) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startServer({ seed: 'none', env })
    // The first admin, made as the setup test below makes one (on its own server): every test may run first or alone.
    expect((await new ApiClient(server.url).post('/api/admin/setup', TEST_ADMIN)).status).toBe(201)
  })
  afterAll(() => server?.stop())

  it('me answers 401 before anyone logs in', async () => {
    const res = await new ApiClient(server.url).get('/api/admin/me')
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ error: 'Not authenticated' })
  })

  it('setup validates its input with the spec messages', async () => {
    const res = await new ApiClient(server.url).post('/api/admin/setup', { username: 'ab', password: 'short' })
    expect(res.status).toBe(400)
    expect(res.json.issues).toEqual([
      { path: 'username', message: 'String must contain at least 3 character(s)' },
      { path: 'password', message: 'String must contain at least 12 character(s)' },
    ])
  })

  it('setup creates the first admin (a client-sent role is ignored), then is locked with 403', async () => {
    const fresh = await startServer({ seed: 'none', env })
    onTestFinished(() => fresh.stop().then(() => undefined))
    const client = new ApiClient(fresh.url)
    const first = await client.post('/api/admin/setup', { ...TEST_ADMIN, role: 'superuser' })
    expect(first.status).toBe(201)
    expect(first.json.user).toMatchObject({ username: TEST_ADMIN.username, email: TEST_ADMIN.email, role: 'admin' })
    expect(first.json.user).not.toHaveProperty('password')
    expect(first.json.user).not.toHaveProperty('hash')
    // Setup does not log anyone in.
    expect(first.setCookies).toEqual([])

    const second = await client.post('/api/admin/setup', { username: 'intruder', password: 'another-long-passphrase' })
    expect(second.status).toBe(403)
    expect(second.json.error).toMatch(/already complete/)
  })

  it('a wrong password answers 401 Invalid credentials and sets no cookie', async () => {
    const res = await new ApiClient(server.url).post('/api/admin/login', { username: TEST_ADMIN.username, password: 'wrong-password-123' })
    expect(res.status).toBe(401)
    expect(res.text).toContain('Invalid credentials')
    expect(res.setCookies).toEqual([])
  })

  it('an unknown username answers exactly like a wrong password', async () => {
    const res = await new ApiClient(server.url).post('/api/admin/login', { username: 'nobody', password: 'wrong-password-123' })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ error: 'Invalid credentials' })
  })

  it('login sets an HttpOnly SameSite=Lax session cookie; me returns the user', async () => {
    const client = new ApiClient(server.url)
    const res = await client.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    expect(res.status).toBe(200)
    expect(res.json.user.username).toBe(TEST_ADMIN.username)
    expect(res.setCookies).toHaveLength(1)
    const cookie = res.setCookies[0]
    expect(cookie).toMatch(/^lhb-token=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Secure/i) // plain http in tests; Secure over https (see security tests)

    const me = await client.get('/api/admin/me')
    expect(me.status).toBe(200)
    expect(me.json).toEqual({
      user: { id: expect.any(String), username: TEST_ADMIN.username, email: TEST_ADMIN.email, pendingEmail: null, role: 'admin' },
      clubTimeZone: 'America/Chicago',
    })
  })

  it('logout revokes the session on the server: the old cookie no longer works', async () => {
    const client = new ApiClient(server.url)
    await client.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    const stolen = client.cookie
    const out = await client.post('/api/admin/logout')
    const afterLogout = Date.now()
    expect(out.status).toBe(200)
    expect(out.setCookies[0]).toMatch(/^lhb-token=;/)
    const expires = Date.parse(out.setCookies[0].match(/Expires=([^;]+)/i)![1])
    expect(expires).toBeLessThanOrEqual(afterLogout)

    const replay = new ApiClient(server.url)
    replay.cookie = stolen
    expect((await replay.get('/api/admin/me')).status).toBe(401)
    expect((await replay.get('/api/admin/campaigns')).status).toBe(401)
  })

  it('a cookie-authenticated write from another origin is refused and changes nothing', async () => {
    const client = new ApiClient(server.url)
    await client.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    const body = { name: 'Forged', description: 'CSRF', goalAmount: '1' }

    const foreign = await client.post('/api/admin/campaigns', body, { Origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.json.error).toMatch(/Cross-site request refused/)

    const noOrigin = await client.request('POST', '/api/admin/campaigns', body, { Origin: '' })
    expect(noOrigin.status).toBe(403)

    const crossSite = await client.request('POST', '/api/admin/campaigns', body, { Origin: '', 'Sec-Fetch-Site': 'cross-site' })
    expect(crossSite.status).toBe(403)

    const list = await client.get('/api/admin/campaigns')
    expect(list.json.filter((c: any) => c.name === 'Forged')).toEqual([])

    // A read carrying the cookie from another origin is not authenticated either.
    expect((await client.get('/api/admin/campaigns', { Origin: 'https://evil.example' })).status).toBe(401)
  })

  it('a login posted from another origin is refused', async () => {
    const res = await new ApiClient(server.url).post(
      '/api/admin/login',
      { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      { Origin: 'https://evil.example' },
    )
    expect(res.status).toBe(403)
  })
})
