import type { Client } from '@libsql/client'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { addStaffAccount, ApiClient, loggedInAdmin, openDatabase, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §1 (two-factor sign-in): enrolment, the code on both login
 * paths (ours and Payload's REST), replay refused, single-use recovery
 * codes, turning it off, secrets never answered, and the club setting that
 * requires it for admins. Codes are computed here from the enrolment's secret.
 * One server for the file; each test signs in as an admin account of its own (two-factor state,
 * throttle and audit entries are per account) and sets up what it needs (enrol()), so any one runs
 * alone and in any order. The club setting that requires it for admins is the whole server's: that
 * test has a server of its own.
 */

const EDITOR = { username: 'team.editor', password: 'editor-passphrase-long' }
const STEP_MS = 30_000
/** The code of the time step `steps` after the current one. */
const codeAt = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS })
const twoFactor = (client: ApiClient, action: string, body?: unknown) => client.post(`/api/admin/account/two-factor/${action}`, body)
const SET_UP_FIRST = /Set up two-factor sign-in first/
type AuditEntry = { event: string; actor: string | null; targetCollection: string | null; detail: { reason?: string } | null }

/** A server with its first admin (TEST_ADMIN, who creates the other accounts), signed in, and its database. */
async function startWithFirstAdmin() {
  const server = await startServer({ env: { RATE_LIMIT_LOGIN: '10000' } })
  return { server, db: await openDatabase(server), firstAdmin: await loggedInAdmin(server.url) }
}

/** A new account with this role, created by the first admin, and a client signed in as it. */
async function signedInAccount(
  server: TestServer,
  firstAdmin: ApiClient,
  account: { username: string; password: string; email?: string },
  role: 'admin' | 'editor',
) {
  await addStaffAccount(firstAdmin, { ...account, role })
  const client = new ApiClient(server.url)
  expect((await client.post('/api/admin/login', { username: account.username, password: account.password })).status).toBe(200)
  return client
}

describe('two-factor sign-in (TOTP)', () => {
  let server: TestServer
  let db: Client
  let firstAdmin: ApiClient
  /** This test's admin account, and a client signed in as it. */
  let owner = { username: '', password: TEST_ADMIN.password, email: '' }
  let admin: ApiClient
  let accounts = 0
  let secret = ''
  let recoveryCodes: string[] = []
  let enrolmentCode = ''
  /**
   * A code the server has not accepted yet. A code is accepted once per
   * 30-second step; instead of waiting for the next step, the test forgets the
   * last accepted step in the database, as if that time had passed.
   */
  const freshCode = async () => {
    await db.execute({ sql: 'UPDATE admin_users SET totp_last_step = NULL WHERE username = ?', args: [owner.username] })
    return codeAt(secret)
  }
  /** The audit log's entries this test's account made (the other tests' accounts share the server). */
  const auditEvents = async () =>
    (await allPages<AuditEntry>(firstAdmin, '/api/admin/audit-log')).filter((row) => row.actor === owner.username)
  const login = (body: Record<string, unknown>) =>
    new ApiClient(server.url).post('/api/admin/login', { username: owner.username, password: owner.password, ...body })
  const storedRow = async () =>
    (
      await db.execute({
        sql: 'SELECT totp_enabled, totp_secret, totp_pending_secret, totp_last_step, recovery_codes FROM admin_users WHERE username = ?',
        args: [owner.username],
      })
    ).rows[0]

  /** The admin's enrolment, as the first test walks through it: after it, every login needs a code. */
  const enrol = async () => {
    secret = (await twoFactor(admin, 'start')).json.secret
    enrolmentCode = codeAt(secret)
    const confirmed = await twoFactor(admin, 'confirm', { code: enrolmentCode })
    expect(confirmed.status, confirmed.text).toBe(200)
    recoveryCodes = confirmed.json.recoveryCodes
  }

  beforeAll(async () => {
    ;({ server, db, firstAdmin } = await startWithFirstAdmin())
  })
  beforeEach(async () => {
    accounts++
    owner = { username: `totp.admin${accounts}`, password: TEST_ADMIN.password, email: `totp.admin${accounts}@ladyhawks.test` }
    admin = await signedInAccount(server, firstAdmin, owner, 'admin')
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  it('enrols: a pending secret with its otpauth URI and QR code, switched on only by a right code, recovery codes shown once', async () => {
    expect((await admin.get('/api/admin/account/two-factor')).json).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredForAdmins: false,
      mustSetUp: false,
    })
    const early = await twoFactor(admin, 'confirm', { code: '123456' })
    expect(early.status).toBe(400)
    expect(early.json.error).toMatch(/Start the set-up first/)

    const start = await twoFactor(admin, 'start')
    expect(start.status, start.text).toBe(200)
    secret = start.json.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(start.json.uri).toBe(
      `otpauth://totp/Lady%20Hawks%20Boosters:${owner.username}?issuer=Lady%20Hawks%20Boosters&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    )
    expect(start.json.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/)
    expect((await storedRow()).totp_enabled).toBe(0)

    const wrong = await twoFactor(admin, 'confirm', { code: codeAt(secret, 5) })
    expect(wrong.status).toBe(400)
    expect(wrong.json.issues).toEqual([{ path: 'code', message: expect.stringMatching(/not correct/) }])
    expect((await twoFactor(admin, 'confirm', {})).status).toBe(400)

    enrolmentCode = codeAt(secret)
    const confirmed = await twoFactor(admin, 'confirm', { code: enrolmentCode })
    expect(confirmed.status, confirmed.text).toBe(200)
    recoveryCodes = confirmed.json.recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)

    const row = await storedRow()
    expect(row.totp_enabled).toBe(1)
    // Sealed with a key from PAYLOAD_SECRET: a copy of the database alone cannot make codes.
    expect(row.totp_secret).toMatch(/^v1\./)
    expect(String(row.totp_secret)).not.toContain(secret)
    expect(row.totp_pending_secret).toBeNull()
    // Stored hashed: none of the codes is in the row.
    const stored = JSON.parse(String(row.recovery_codes)) as string[]
    expect(stored).toHaveLength(10)
    for (const code of recoveryCodes) expect(String(row.recovery_codes)).not.toContain(code.replace('-', ''))
    for (const hash of stored) expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect((await admin.get('/api/admin/account/two-factor')).json).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    expect((await twoFactor(admin, 'start')).status).toBe(409)
  })

  it('asks for the code only after the right password; a code works once; a wrong code counts as a failed login', async () => {
    await enrol()
    const noCode = await login({})
    expect(noCode.status).toBe(401)
    expect(noCode.json).toEqual({ error: 'Enter the 6-digit code from your authenticator app', totpRequired: true })
    expect(noCode.setCookies).toEqual([])
    // A wrong password says nothing about the second factor, like an unknown name.
    const wrongPassword = await login({ password: 'not-the-password-at-all' })
    expect(wrongPassword.json).toEqual({ error: 'Invalid credentials' })
    const unknown = await new ApiClient(server.url).post('/api/admin/login', {
      username: 'nobody.here',
      password: 'not-the-password-at-all',
      code: '123456',
    })
    expect(unknown.json).toEqual({ error: 'Invalid credentials' })

    // The code confirmed at enrolment was used: it is refused (replay).
    const replayOfEnrolment = await login({ code: enrolmentCode })
    expect(replayOfEnrolment.status).toBe(401)
    expect(replayOfEnrolment.json.totpRequired).toBe(true)

    const code = await freshCode()
    const ok = await login({ code })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.setCookies.some((c) => c.startsWith('lhb-token='))).toBe(true)
    const replay = await login({ code })
    expect(replay.status).toBe(401)
    expect(replay.json.error).toMatch(/not correct \(or was already used\)/)

    // Wrong codes are failed logins: after the 3 free ones, this source waits (429, Retry-After).
    const results = []
    for (let i = 0; i < 5; i++) results.push((await login({ code: '000000' })).status)
    expect(results.slice(0, 2)).toEqual([401, 401])
    expect(results.at(-1)).toBe(429)
    // Failed logins are written to the audit log in the background (sampled).
    await expect
      .poll(async () => (await auditEvents()).some((row) => row.event === 'login-failed' && row.detail?.reason === 'totp'))
      .toBe(true)
    // The owner's own way in: an admin lifts the throttle.
    expect((await admin.post('/api/admin/unlock', { username: owner.username })).status).toBe(200)
  })

  it('accepts each recovery code once instead of a code', async () => {
    await enrol()
    const [first] = recoveryCodes
    const withRecovery = await login({ code: first.toUpperCase() })
    expect(withRecovery.status, withRecovery.text).toBe(200)
    const again = await login({ code: first })
    expect(again.status).toBe(401)
    expect(again.json.totpRequired).toBe(true)
    expect((await admin.get('/api/admin/account/two-factor')).json.recoveryCodesLeft).toBe(9)
    expect((await auditEvents()).some((row) => row.event === 'recovery-code-used')).toBe(true)
  })

  it("holds on Payload's own REST login: refused without the code, accepted with a fresh one", async () => {
    await enrol()
    const client = new ApiClient(server.url)
    const credentials = { username: owner.username, password: owner.password }
    const refused = await client.post('/cms-api/admin-users/login', credentials)
    expect(refused.status).toBe(401)
    expect(refused.text).toMatch(/Enter the 6-digit code from your authenticator app/)
    expect(refused.text).toMatch(/"totpRequired":true/)
    expect(refused.setCookies.some((c) => c.startsWith('lhb-token=') && !/Expires=Thu, 01 Jan 1970/.test(c))).toBe(false)
    expect((await client.get('/api/admin/me')).status).toBe(401)

    const wrong = await client.post('/cms-api/admin-users/login', { ...credentials, code: '999999' })
    expect(wrong.status).toBe(401)
    const code = await freshCode()
    const accepted = await client.post('/cms-api/admin-users/login', { ...credentials, code })
    expect(accepted.status, accepted.text).toBe(200)
    expect((await client.get('/api/admin/me')).status).toBe(200)
    expect((await new ApiClient(server.url).post('/cms-api/admin-users/login', { ...credentials, code })).status).toBe(401)
  })

  it('never answers the secret or the recovery hashes, and no API can write them', async () => {
    await enrol()
    const row = await storedRow()
    const secrets = [secret, String(row.totp_secret), ...(JSON.parse(String(row.recovery_codes)) as string[])]
    const id = (await admin.get('/api/admin/me')).json.user.id
    const answers = [
      await admin.get(`/cms-api/admin-users/${id}`),
      await admin.get(`/cms-api/admin-users/${id}?depth=2&select[totpSecret]=true&select[recoveryCodes]=true`),
      await admin.get('/cms-api/admin-users?limit=10'),
      await admin.get('/cms-api/admin-users/me'),
      await admin.get('/api/admin/me'),
      await admin.get('/api/admin/account/two-factor'),
      await admin.get('/api/admin/audit-log?limit=100'),
      await new ApiClient(server.url).post('/cms-api/admin-users/login', {
        username: owner.username,
        password: owner.password,
        code: await freshCode(),
      }),
    ]
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200)
      for (const s of secrets) expect(answer.text).not.toContain(s)
      expect(answer.text).not.toMatch(/"(totpSecret|totpPendingSecret|totpLastStep|recoveryCodes)"/)
    }
    // The on/off flag is readable, so an admin sees who uses it.
    expect(answers[0].json.totpEnabled).toBe(true)

    const patched = await admin.request('PATCH', `/cms-api/admin-users/${id}`, {
      totpEnabled: false,
      totpSecret: 'AAAAAAAAAAAAAAAA',
      recoveryCodes: [],
    })
    expect(patched.status).toBeLessThan(500)
    const after = await storedRow()
    expect(after.totp_enabled).toBe(1)
    expect(after.totp_secret).toBe(row.totp_secret)
    expect(after.recovery_codes).toBe(row.recovery_codes)
  })

  it('regenerates the recovery codes with a code; the old ones stop working', async () => {
    await enrol()
    expect((await twoFactor(admin, 'recovery-codes', { code: '000000' })).status).toBe(400)
    const fresh = await twoFactor(admin, 'recovery-codes', { code: await freshCode() })
    expect(fresh.status, fresh.text).toBe(200)
    expect(fresh.json.recoveryCodes).toHaveLength(10)
    expect((await login({ code: recoveryCodes[1] })).status).toBe(401)
    expect((await login({ code: fresh.json.recoveryCodes[1] })).status).toBe(200)
    expect((await admin.get('/api/admin/account/two-factor')).json.recoveryCodesLeft).toBe(9)
    expect((await auditEvents()).map((row) => row.event)).toContain('recovery-codes-regenerated')
  })

  it('turns off only with the password and a code; then the password alone signs in', async () => {
    await enrol()
    const wrongPassword = await twoFactor(admin, 'disable', { password: 'not-my-password-at-all', code: await freshCode() })
    expect(wrongPassword.status).toBe(400)
    expect(wrongPassword.json.issues).toEqual([{ path: 'password', message: 'The password is not correct' }])
    const wrongCode = await twoFactor(admin, 'disable', { password: owner.password, code: '000000' })
    expect(wrongCode.status).toBe(400)
    expect(wrongCode.json.issues[0].path).toBe('code')
    const off = await twoFactor(admin, 'disable', { password: owner.password, code: recoveryCodes[0] })
    expect(off.status, off.text).toBe(200)
    expect(await storedRow()).toMatchObject({ totp_enabled: 0, totp_secret: null })
    expect((await login({})).status).toBe(200)
    const events = (await auditEvents()).map((row) => row.event)
    expect(events).toEqual(expect.arrayContaining(['totp-enabled', 'totp-disabled']))
  })

  it("signs nobody in through Payload's reset-password or forgot-password: both are closed in favour of ours", async () => {
    await enrol()
    // A recovery link's token, as our recovery (through Payload's forgot-password) stores it.
    const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
    await db.execute({
      sql: 'UPDATE admin_users SET reset_password_token = ?, reset_password_expiration = ? WHERE username = ?',
      args: [token, new Date(Date.now() + 10 * 60_000).toISOString(), owner.username],
    })
    const client = new ApiClient(server.url)
    const reset = await client.post('/cms-api/admin-users/reset-password', { token, password: owner.password })
    expect(reset.status, reset.text).toBe(403)
    expect(reset.json.error).toMatch(/Forgot password\?/)
    expect(reset.setCookies).toEqual([])
    const forgot = await client.post('/cms-api/admin-users/forgot-password', { username: owner.username })
    expect(forgot.status).toBe(403)
    // The token is untouched: our own reset (the policy, every session ended, audited) still takes it.
    const ours = await client.post('/api/admin/recover/reset', { token, password: 'password' })
    expect(ours.status).toBe(400) // the policy: 12 characters at least, not a common password
    expect((await client.get('/api/admin/me')).status).toBe(401)
    expect((await login({})).json.totpRequired).toBe(true)
    expect((await login({ code: await freshCode() })).status).toBe(200)
  })
})

describe('two-factor sign-in required for admins (a club setting: the whole server’s)', () => {
  let server: TestServer
  let db: Client
  let admin: ApiClient
  let editor: ApiClient
  beforeAll(async () => {
    ;({ server, db, firstAdmin: admin } = await startWithFirstAdmin())
    editor = await signedInAccount(server, admin, EDITOR, 'editor')
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  it('when required for admins, an admin without it may only set it up; editors are unaffected', async () => {
    // Only admins see or change the setting, on our API and Payload's.
    expect((await editor.put('/api/admin/account/security-settings', { requireTotpForAdmins: true })).status).toBe(403)
    expect((await editor.get('/cms-api/globals/security-settings')).status).toBe(403)
    expect((await admin.put('/api/admin/account/security-settings', { requireTotpForAdmins: 'yes' })).status).toBe(400)
    const on = await admin.put('/api/admin/account/security-settings', { requireTotpForAdmins: true })
    expect(on.status, on.text).toBe(200)
    expect((await admin.get('/cms-api/globals/security-settings')).json.requireTotpForAdmins).toBe(true)

    expect((await admin.get('/api/admin/account/two-factor')).json).toMatchObject({
      enabled: false,
      requiredForAdmins: true,
      mustSetUp: true,
    })
    for (const path of [
      '/api/admin/donations',
      '/api/admin/sponsorships',
      '/api/admin/summary',
      '/api/admin/campaigns',
      '/api/admin/audit-log',
    ]) {
      const blocked = await admin.get(path)
      expect(blocked.status, path).toBe(403)
      expect(blocked.json.error).toMatch(SET_UP_FIRST)
    }
    const write = await admin.post('/api/admin/donations', { donorName: 'A', amount: '5.00' })
    expect(write.status).toBe(403)
    // Payload's REST and its collection views are closed to them too; the portal and their own session stay open.
    const rest = await admin.get('/cms-api/donations')
    expect(rest.status).toBe(403)
    expect(rest.json.error).toMatch(SET_UP_FIRST)
    expect((await admin.get('/cms-api/admin-users/me')).status).toBe(200)
    const view = await fetch(`${server.url}/admin/collections/donations`, { headers: { Cookie: admin.cookie }, redirect: 'manual' })
    expect(view.status).toBe(303)
    expect(view.headers.get('location')).toBe('/admin')
    expect((await fetch(`${server.url}/admin`, { headers: { Cookie: admin.cookie } })).status).toBe(200)
    // The account itself still works: session, sessions list, password, two-factor set-up, logout.
    expect((await admin.get('/api/admin/me')).status).toBe(200)
    expect((await admin.get('/api/admin/sessions')).status).toBe(200)
    // Editors are not affected.
    expect((await editor.get('/api/admin/campaigns')).status).toBe(200)
    expect((await editor.get('/api/admin/account/two-factor')).json).toMatchObject({
      enabled: false,
      requiredForAdmins: true,
      mustSetUp: false,
    })

    const start = await twoFactor(admin, 'start')
    expect((await twoFactor(admin, 'confirm', { code: codeAt(start.json.secret) })).status).toBe(200)
    expect((await admin.get('/api/admin/donations')).status).toBe(200)
    expect((await admin.get('/api/admin/summary')).status).toBe(200)
    expect((await admin.get('/cms-api/donations')).status).toBe(200)
    const events = await allPages<AuditEntry>(admin, '/api/admin/audit-log')
    expect(events.some((row) => row.event === 'update' && row.targetCollection === 'security-settings')).toBe(true)
  })
})
