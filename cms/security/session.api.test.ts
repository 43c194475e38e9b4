import type { Client } from '@libsql/client'
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/port'
import { ApiClient, openDatabase, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'
import { PRODUCTION_PASSWORD_HASHING } from '../../testing/serverCommand'

/**
 * SECURITY.md §1: session cookie, session lifetime and revocation, password
 * policy, login/setup rate limit, failed-login logging. Throttling instead of
 * a lockout: loginThrottle.api.test.ts; idle timeout and own sessions: account.api.test.ts.
 */

const TEST_SECRET = 'test-secret-not-for-production-0123456789' // testing/server.ts
const TWELVE_HOURS = 12 * 60 * 60

const cookieAttributes = (setCookie: string) =>
  new Map(
    setCookie
      .split(';')
      .slice(1)
      .map((part) => {
        const [name, ...value] = part.trim().split('=')
        return [name.toLowerCase(), value.join('=')] as const
      }),
  )

const decodeJwt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())

/** Signs claims exactly as Payload does (HS256, authVersion 1, key = first 32 hex chars of sha256(secret)). */
function signLikePayload(claims: Record<string, unknown>): string {
  const key = createHash('sha256').update(TEST_SECRET).digest('hex').slice(0, 32)
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const body = `${part({ alg: 'HS256', authVersion: 1, typ: 'JWT' })}.${part(claims)}`
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}

const passphrase = 'our lady hawks fly over the gym every single winter night and never lose a rebound'

describe('setup (HTTP origin)', () => {
  // Setup happens once per database: a server with none yet. (The long passphrase is set up on the next suite's server.)
  let server: TestServer
  let db: Client

  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_LOGIN: '10000' } })
    db = await openDatabase(server)
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  it('refuses short and common passwords at setup with a clear message, and stores nothing', async () => {
    const client = new ApiClient(server.url)
    const refused: Array<[string, RegExp]> = [
      ['elevenchars', /at least 12 character/],
      ['password1234', /too common/],
      ['123456789012', /too common/],
      ['qwertyuiop123', /too common/],
      ['iloveyou2024!', /too common/],
      ['aaaaaaaaaaaaaaa', /too easy to guess/],
      ['my coach.admin passphrase', /must not contain the username/],
      ['x'.repeat(257), /at most 256 character/],
    ]
    for (const [password, message] of refused) {
      const res = await client.post('/api/admin/setup', { username: 'coach.admin', password })
      expect(res.status, password).toBe(400)
      expect(res.json.error).toMatch(message)
      expect(res.json.issues?.[0]?.path).toBe('password')
    }
    const { rows } = await db.execute('SELECT count(*) AS n FROM admin_users')
    expect(Number(rows[0].n)).toBe(0)
  })
})

describe('sessions and login (HTTP origin)', () => {
  let server: TestServer
  let db: Client
  /** Signed in afresh before each test, with the passphrase the admin was set up with. */
  let admin: ApiClient

  beforeAll(async () => {
    // Payload's own rounds, which the other files' servers do not pay (testing/quickPasswordHashes.mjs): a stored hash
    // is checked below against them.
    server = await startServer({ env: { RATE_LIMIT_LOGIN: '10000', LOG_LEVEL: 'info', ...PRODUCTION_PASSWORD_HASHING } })
    db = await openDatabase(server)
    expect((await new ApiClient(server.url).post('/api/admin/setup', { username: TEST_ADMIN.username, password: passphrase })).status).toBe(
      201,
    )
  })
  beforeEach(async () => {
    admin = new ApiClient(server.url)
    expect((await admin.post('/api/admin/login', { username: TEST_ADMIN.username, password: passphrase })).status).toBe(200)
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  it('accepts a long passphrase (64+ characters) with no composition rules', async () => {
    expect(passphrase.length).toBeGreaterThan(64)
    expect(passphrase).toMatch(/^[a-z ]+$/) // no digits, capitals or symbols required
    // Set up with it (201, beforeAll), and signed in with it (beforeEach).
    expect((await admin.get('/api/admin/me')).json.user.username).toBe(TEST_ADMIN.username)
    // Setup is closed once an admin exists.
    const again = await new ApiClient(server.url).post('/api/admin/setup', { username: 'intruder', password: passphrase + ' two' })
    expect(again.status).toBe(403)
  })

  it('sets an HttpOnly, SameSite=Lax session cookie that expires in at most 12 hours, and an idle deadline 30 minutes out', async () => {
    admin = new ApiClient(server.url)
    const before = Date.now()
    const login = await admin.post('/api/admin/login', { username: TEST_ADMIN.username, password: passphrase })
    // The server set the expiry between these two instants, however long the request took on a busy machine.
    const after = Date.now()
    expect(login.status).toBe(200)
    expect(login.setCookies).toHaveLength(1)
    const cookie = login.setCookies[0]
    expect(cookie.startsWith('lhb-token=')).toBe(true)
    const attrs = cookieAttributes(cookie)
    expect(attrs.has('httponly')).toBe(true)
    expect(attrs.get('samesite')).toBe('Lax')
    expect(attrs.get('path')).toBe('/')
    expect(attrs.has('domain')).toBe(false)
    expect(attrs.has('secure')).toBe(false) // plain-HTTP origin; see the HTTPS suite below
    const expires = Date.parse(attrs.get('expires')!)
    // (Expires is written in whole seconds.)
    expect(expires - after).toBeLessThanOrEqual(TWELVE_HOURS * 1000 + 1000)
    expect(expires - before).toBeGreaterThan(TWELVE_HOURS * 1000 - 60_000)

    // The token's own expiry and the server-side session record agree: 12 hours.
    const token = admin.cookie.split('=')[1]
    const claims = decodeJwt(token)
    expect(claims.exp - claims.iat).toBe(TWELVE_HOURS)
    expect(typeof claims.sid).toBe('string')
    // The stored expiry is the idle deadline: 30 minutes without a request (see the idle-timeout tests).
    const { rows } = await db.execute({ sql: 'SELECT created_at, expires_at FROM admin_users_sessions WHERE id = ?', args: [claims.sid] })
    expect(rows).toHaveLength(1)
    const idle = Date.parse(String(rows[0].expires_at)) - Date.parse(String(rows[0].created_at))
    expect(idle).toBeGreaterThanOrEqual(30 * 60_000)
    expect(idle).toBeLessThan(30 * 60_000 + 10_000)

    expect((await admin.get('/api/admin/me')).status).toBe(200)
  })

  it("signs in an account whose password hash has Payload's older parameters, and stores it anew with the current ones: 600,000 rounds", async () => {
    // Payload's format before `pbkdf2-sha256-v1:` (25,000 rounds, 512 bytes): what an older install stored.
    const salt = randomBytes(32).toString('hex')
    const legacy = pbkdf2Sync(passphrase, salt, 25_000, 512, 'sha256').toString('hex')
    await db.execute({ sql: 'UPDATE admin_users SET hash = ?, salt = ? WHERE username = ?', args: [legacy, salt, TEST_ADMIN.username] })
    const login = await new ApiClient(server.url).post('/api/admin/login', { username: TEST_ADMIN.username, password: passphrase })
    expect(login.status).toBe(200)
    const { rows } = await db.execute({ sql: 'SELECT hash, salt FROM admin_users WHERE username = ?', args: [TEST_ADMIN.username] })
    expect(String(rows[0].hash)).toMatch(/^pbkdf2-sha256-v1:[0-9a-f]{64}$/)
    expect(rows[0].salt).not.toBe(salt)
    // PBKDF2-SHA256 of 600,000 rounds and 32 bytes (OWASP's floor for it), worked out here with Node's crypto.
    const current = pbkdf2Sync(passphrase, String(rows[0].salt), 600_000, 32, 'sha256').toString('hex')
    expect(rows[0].hash).toBe(`pbkdf2-sha256-v1:${current}`)
    // And the passphrase still signs in, now against the current hash.
    expect((await new ApiClient(server.url).post('/api/admin/login', { username: TEST_ADMIN.username, password: passphrase })).status).toBe(
      200,
    )
  })

  it('refuses a token whose expiry has passed (same session, signed with the real secret)', async () => {
    const claims = decodeJwt(admin.cookie.split('=')[1])
    const now = Math.floor(Date.now() / 1000)
    // Control: a faithfully re-signed, unexpired token is accepted, so the refusal below is about expiry.
    const fresh = signLikePayload({ ...claims, iat: now, exp: now + 60 })
    expect((await admin.get('/api/admin/me', { Cookie: `lhb-token=${fresh}` })).status).toBe(200)
    const expired = signLikePayload({ ...claims, iat: now - TWELVE_HOURS - 60, exp: now - 60 })
    const res = await admin.get('/api/admin/me', { Cookie: `lhb-token=${expired}` })
    expect(res.status).toBe(401)
    const tampered = fresh.slice(0, -4) + (fresh.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expect((await admin.get('/api/admin/me', { Cookie: `lhb-token=${tampered}` })).status).toBe(401)
  })

  it('refuses a session whose stored expiry has passed, even with an unexpired token', async () => {
    const other = new ApiClient(server.url)
    expect((await other.post('/api/admin/login', { username: TEST_ADMIN.username, password: passphrase })).status).toBe(200)
    expect((await other.get('/api/admin/me')).status).toBe(200)
    const { sid } = decodeJwt(other.cookie.split('=')[1])
    await db.execute({
      sql: 'UPDATE admin_users_sessions SET expires_at = ? WHERE id = ?',
      args: [new Date(Date.now() - 1000).toISOString(), sid],
    })
    expect((await other.get('/api/admin/me')).status).toBe(401)
    expect((await other.get('/api/admin/campaigns')).status).toBe(401)
    // The first session is unaffected.
    expect((await admin.get('/api/admin/me')).status).toBe(200)
  })

  it('logout revokes the session on the server, not only the cookie', async () => {
    const other = new ApiClient(server.url)
    expect((await other.post('/api/admin/login', { username: TEST_ADMIN.username, password: passphrase })).status).toBe(200)
    const stolen = other.cookie
    const { sid } = decodeJwt(stolen.split('=')[1])
    const logout = await other.post('/api/admin/logout')
    const afterLogout = Date.now()
    expect(logout.status).toBe(200)
    const cleared = cookieAttributes(logout.setCookies[0])
    expect(cleared.has('httponly')).toBe(true)
    expect(cleared.get('samesite')).toBe('Lax')
    expect(Date.parse(cleared.get('expires')!)).toBeLessThan(afterLogout)
    // Replaying the old cookie fails: the session record is gone.
    expect((await other.get('/api/admin/me', { Cookie: stolen })).status).toBe(401)
    expect((await other.post('/api/admin/campaigns', { name: 'x', description: 'y', goalAmount: '1' }, { Cookie: stolen })).status).toBe(
      401,
    )
    const { rows } = await db.execute({ sql: 'SELECT count(*) AS n FROM admin_users_sessions WHERE id = ?', args: [sid] })
    expect(Number(rows[0].n)).toBe(0)
    expect((await admin.get('/api/admin/me')).status).toBe(200)
  })

  it('does not honour the cookie on a cross-site read (the admin looks logged out)', async () => {
    // Payload's own list of origins (payload.config.ts `csrf`) answers reads; our check refuses the writes (csrf.api.test.ts).
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Array<Record<string, string>>) {
      const res = await fetch(`${server.url}/api/admin/contact-messages`, { headers: { Cookie: admin.cookie, ...headers } })
      expect(res.status, JSON.stringify(headers)).toBe(401)
    }
    expect((await admin.get('/api/admin/contact-messages')).status).toBe(200)
  })

  it('answers an unknown username exactly like a wrong password', async () => {
    const res = await new ApiClient(server.url).post('/api/admin/login', { username: 'no.such.admin', password: 'Wrong-Guess-Foxtrot-6' })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ error: 'Invalid credentials' })
  })

  it('logs every failed login with username and IP, never the password', async () => {
    const attacker = new ApiClient(server.url)
    for (const password of ['Wrong-Guess-Alpha-1', 'Wrong-Guess-Bravo-2', 'Wrong-Guess-Charlie-3']) {
      expect((await attacker.post('/api/admin/login', { username: TEST_ADMIN.username, password })).status).toBe(401)
    }
    // One line per failure of this test (its own three, whatever ran before), written as the answer goes out.
    const failures = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('Failed admin login'))
        .map((line) => JSON.parse(line))
        .filter((e) => e.username === TEST_ADMIN.username)
    await expect.poll(() => failures().length).toBeGreaterThanOrEqual(3)
    const output = server.output()
    const entry = failures()[0]
    expect(entry.ip).toBeTruthy()
    for (const secret of ['Wrong-Guess', passphrase, 'password1234', 'iloveyou2024']) expect(output).not.toContain(secret)
    expect(output).not.toMatch(/"password"/)
  })
})

describe('sessions over HTTPS', () => {
  let server: TestServer
  let origin: string

  beforeAll(async () => {
    const port = await freePort()
    origin = `https://localhost:${port}`
    server = await startServer({ env: { PORT: String(port), SERVER_URL: origin, RATE_LIMIT_LOGIN: '10000' } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('uses a Secure, __Host- prefixed, HttpOnly, SameSite=Lax cookie; a 12-character password is enough', async () => {
    const client = new ApiClient(server.url)
    const headers = { Origin: origin }
    const password = 'abcdefghijkl'
    expect((await client.post('/api/admin/setup', { username: 'coach.admin', password }, headers)).status).toBe(201)
    const login = await client.post('/api/admin/login', { username: 'coach.admin', password }, headers)
    expect(login.status).toBe(200)
    const cookie = login.setCookies[0]
    expect(cookie.startsWith('__Host-lhb-token=')).toBe(true)
    const attrs = cookieAttributes(cookie)
    expect(attrs.has('secure')).toBe(true)
    expect(attrs.has('httponly')).toBe(true)
    expect(attrs.get('samesite')).toBe('Lax')
    expect(attrs.get('path')).toBe('/') // __Host- requires Path=/ and no Domain
    expect(attrs.has('domain')).toBe(false)
    expect((await client.get('/api/admin/me', headers)).status).toBe(200)
    // The non-prefixed name is not honoured.
    const plain = client.cookie.replace('__Host-lhb-token', 'lhb-token')
    expect((await client.get('/api/admin/me', { ...headers, Cookie: plain })).status).toBe(401)
    const logout = await client.post('/api/admin/logout', undefined, headers)
    expect(logout.status).toBe(200)
    expect(logout.setCookies[0].startsWith('__Host-lhb-token=')).toBe(true)
    expect(cookieAttributes(logout.setCookies[0]).has('secure')).toBe(true)
  })
})

describe('login and setup rate limit per IP', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_LOGIN: '4' } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 429 with a readable message once RATE_LIMIT_LOGIN is spent, for login and setup alike', async () => {
    const client = new ApiClient(server.url)
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/admin/login', { username: 'someone', password: `guess-number-${i}` })).status).toBe(401)
    }
    expect((await client.post('/api/admin/setup', { username: 'x', password: 'short' })).status).toBe(400)
    const limited = await client.post('/api/admin/login', { username: 'someone', password: 'guess-number-4' })
    expect(limited.status).toBe(429)
    expect(limited.json.error).toBe('Too many login attempts from your network. Please wait 15 minutes and try again.')
    expect(limited.headers.get('ratelimit-policy')).toMatch(/q=4; w=900/)
    const setup = await client.post('/api/admin/setup', { username: 'coach.admin', password: 'a fine long passphrase' })
    expect(setup.status).toBe(429)
    // Public reads and forms have their own budget.
    expect((await client.get('/api/campaigns')).status).toBe(200)
    expect((await client.post('/api/contact', { name: 'A', email: 'a@example.com', message: 'hi' })).status).toBe(201)
  })
})
