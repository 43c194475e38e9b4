import { createClient, type Client } from '@libsql/client'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { addStaffAccount, ApiClient, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'
import { PRODUCTION_PASSWORD_HASHING, runServerCommand } from '../../testing/serverCommand'
import { startSmtpCapture } from '../../testing/smtp'

/**
 * SECURITY.md §1: no lockout an attacker can use against the owner, no way to
 * tell a real username from an unknown one, and a way back in on the server.
 * The server trusts the loopback proxy here, so each test can speak from many
 * visitor addresses through X-Forwarded-For (cms/security/proxy.api.test.ts
 * proves that only the proxy gets to say so).
 */

const WRONG = 'Wrong-Guess-Passphrase'
let nextAddress = 1
/** A visitor address never used before in this file. */
const freshAddress = () => `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`

function login(server: TestServer, username: string, password: string, from: string) {
  return new ApiClient(server.url).post('/api/admin/login', { username, password }, { 'X-Forwarded-For': from })
}

const answer = (res: Awaited<ReturnType<typeof login>>) => ({
  status: res.status,
  body: res.text,
  retryAfter: res.headers.get('retry-after'),
})

/**
 * The first wait is ten minutes here (1 s in production): a 429 the test expects cannot expire before
 * it is asked for on a busy machine. How the waits grow with time is cms/auth/throttle.unit.test.ts's, on its own clock.
 */
const FIRST_WAIT = 600
const SETTINGS = {
  TRUST_PROXY: 'loopback',
  RATE_LIMIT_LOGIN: '100000',
  LOGIN_ACCOUNT_CEILING: '1000',
  LOGIN_FIRST_WAIT_SECONDS: String(FIRST_WAIT),
}

describe('login throttling per account and source', () => {
  let server: TestServer
  let db: Client
  // The flood below queues behind what a password check costs: Payload's rounds, not the tests' (testing/quickPasswordHashes.mjs).
  const env = { ...SETTINGS, ...PRODUCTION_PASSWORD_HASHING }

  beforeAll(async () => {
    server = await startServer({ env })
    db = createClient({ url: server.databaseUri })
    expect((await new ApiClient(server.url).post('/api/admin/setup', TEST_ADMIN)).status).toBe(201)
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  it('slows one source down after 3 free failures while the right password from another source still works', async () => {
    const attacker = freshAddress()
    for (let i = 1; i <= 4; i++) expect((await login(server, TEST_ADMIN.username, `${WRONG}-${i}`, attacker)).status).toBe(401)
    // After 3 free failures the fourth starts the wait (then it doubles: cms/auth/throttle.unit.test.ts).
    const waiting = await login(server, TEST_ADMIN.username, TEST_ADMIN.password, attacker)
    expect(waiting.status).toBe(429)
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(FIRST_WAIT - 60)
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(FIRST_WAIT)
    expect(waiting.json.error).toMatch(/^Too many failed logins for this username\. Please wait /)
    expect(waiting.setCookies).toEqual([])

    // The owner, elsewhere, is not affected: no lock, no 423.
    const owner = await login(server, TEST_ADMIN.username, TEST_ADMIN.password, freshAddress())
    expect(owner.status).toBe(200)
    expect(owner.setCookies).toHaveLength(1)

    // Still waiting: the right password does not shorten it.
    expect((await login(server, TEST_ADMIN.username, TEST_ADMIN.password, attacker)).status).toBe(429)

    // Nothing about the account itself is locked (Payload's lockout columns are gone).
    const columns = await db.execute('PRAGMA table_info(admin_users)')
    expect(columns.rows.map((r) => r.name)).not.toContain('lock_until')
  })

  it('answers an unknown username exactly like a real one with a wrong password, through every stage', async () => {
    const [a, b] = [freshAddress(), freshAddress()]
    // Step by step, both at once, so that both meet the same waits.
    for (let i = 1; i <= 6; i++) {
      const [real, unknown] = await Promise.all([
        login(server, TEST_ADMIN.username, `${WRONG}-${i}`, a),
        login(server, 'no.such.admin', `${WRONG}-${i}`, b),
      ])
      const [seen, expected] = [answer(unknown), answer(real)]
      expect({ ...seen, retryAfter: seen.retryAfter !== null, cookies: unknown.setCookies }, `attempt ${i}`).toEqual({
        ...expected,
        retryAfter: expected.retryAfter !== null,
        cookies: real.setCookies,
      })
      // Retry-After counts whole seconds from each answer's own instant: on a busy machine the two can straddle a second.
      expect(Math.abs(Number(seen.retryAfter) - Number(expected.retryAfter)), `attempt ${i}`).toBeLessThanOrEqual(1)
      if (i <= 4) expect(real.json, `attempt ${i}`).toEqual({ error: 'Invalid credentials' })
      if (i === 6) expect(real.status).toBe(429)
    }
  })

  // That an unknown username takes as long as a wrong password (the dummy hash) is a timing, measured
  // by `npm run bench` (bench/run.ts, loginTiming) against its budget, not asserted here beside other workers.

  it('an admin lifts a throttle at once; every throttle, failure and success is in the audit log, never a password', async () => {
    const attacker = freshAddress()
    for (let i = 1; i <= 5; i++) await login(server, TEST_ADMIN.username, `${WRONG}-${i}`, attacker)
    expect((await login(server, TEST_ADMIN.username, TEST_ADMIN.password, attacker)).status).toBe(429)
    const admin = new ApiClient(server.url)
    expect(
      (
        await admin.post(
          '/api/admin/login',
          { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
          { 'X-Forwarded-For': freshAddress() },
        )
      ).status,
    ).toBe(200)
    expect((await admin.post('/api/admin/unlock', { username: TEST_ADMIN.username })).status).toBe(200)
    expect((await login(server, TEST_ADMIN.username, TEST_ADMIN.password, attacker)).status).toBe(200)

    const entries = await allPages<{ event: string; actor: string; ip: string }>(admin, '/api/admin/audit-log')
    const events = new Set(entries.map((e) => e.event))
    for (const event of ['setup', 'login', 'login-failed', 'login-throttled', 'unlock', 'create']) expect(events, event).toContain(event)
    const failed = entries.find((e) => e.event === 'login-failed' && e.actor === TEST_ADMIN.username)
    expect(failed).toMatchObject({ ip: expect.stringMatching(/^198\.51\./) })
    const text = JSON.stringify(entries)
    expect(text).not.toContain(WRONG)
    expect(text).not.toContain(TEST_ADMIN.password)
  })

  /**
   * 32 clients guess her password from ever new addresses (no per-source delay ever starts: every guess costs a
   * hash) on both doors of two server processes sharing the database, while the owner signs in from the address she
   * signed in from before, through each door of each process. How long she waits is a bench figure (bench/run.ts,
   * "login during a guessing flood"); held here by a generous bound that is not a clock: her answer comes while the
   * guesses queued before her are still being checked (before, each waited behind every guess at her account).
   */
  it('signs the owner in from her known address during a 32-client guessing flood, before the guesses queued ahead of her', async () => {
    const other = await startServer({ dataDir: server.dataDir, env })
    const home = freshAddress()
    const doors = ['/api/admin/login', '/cms-api/admin-users/login']
    const flood = new AbortController()
    let answered = 0
    const answeredFrom: string[] = []
    try {
      expect((await login(server, TEST_ADMIN.username, TEST_ADMIN.password, home)).status).toBe(200)
      const guesser = async (n: number) => {
        for (let guess = 0; !flood.signal.aborted; guess++) {
          const target = [server, other][n % 2]
          const from = freshAddress()
          const door = doors[(n + guess) % 2]
          await fetch(target.url + door, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: target.url, 'X-Forwarded-For': from },
            body: JSON.stringify({ username: TEST_ADMIN.username, password: `${WRONG}-${n}-${guess}` }),
            signal: flood.signal,
          }).then(
            async (res) => {
              if (res.status !== 401) expect(res.status, `${door} on ${target.url}: ${await res.text()}`).toBe(401)
              answered++
              answeredFrom.push(from)
            },
            () => undefined,
          )
        }
      }
      const guessers = Array.from({ length: 32 }, (_, n) => guesser(n))
      // The flood is under way: each process has guesses waiting for their turn.
      await expect.poll(() => answered).toBeGreaterThanOrEqual(4)
      for (const target of [server, other]) {
        for (const door of doors) {
          const before = answered
          const res = await new ApiClient(target.url).post(
            door,
            { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
            { 'X-Forwarded-For': home },
          )
          expect(res.status, `${door} on ${target.url}: ${res.text}`).toBe(200)
          expect(res.setCookies.some((cookie) => /-token=[^;]+/.test(cookie))).toBe(true)
          // 32 guesses were ahead of her: she was answered after a handful of them, not all.
          expect(answered - before, `${door} on ${target.url}`).toBeLessThan(16)
        }
      }
      // Every guess answered was counted against its address: none was let through or lost.
      flood.abort()
      await Promise.all(guessers)
      const { rows } = await db.execute("SELECT key FROM login_throttle WHERE kind = 'source'")
      const counted = new Set(rows.map((row) => JSON.parse(String(row.key))[2]))
      expect(answeredFrom.filter((from) => !counted.has(from))).toEqual([])
    } finally {
      flood.abort()
      await other.stop()
    }
  })
})

describe('account-wide ceiling against distributed guessing: the owner is never kept out', () => {
  let server: TestServer
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  /** The first admin's session: it creates each test's owner account. */
  let creatorCookie = ''
  /**
   * Lower than production's 100 for this test server: what is tested is the ceiling's effect, and each
   * failed login before it costs a password hash (about 100 ms of a core): 4 instead of 20 is 128 hashes fewer in this file.
   */
  const CEILING = 4
  /** Where the owners usually sign in from. */
  const home = freshAddress()
  /**
   * One server for these tests: the ceiling, the known addresses and the sign-in links are per account, so each
   * test has an owner account of its own (and an unknown username of its own), and runs alone and in any order.
   */
  let accounts = 0
  let owner = { username: '', password: TEST_ADMIN.password, email: '' }
  let unknownName = ''
  const OWNER_EMAIL = /^ceiling\.owner\d+@ladyhawks\.test$/
  const start = (dataDir: string) =>
    startServer({
      dataDir,
      env: { TRUST_PROXY: 'loopback', RATE_LIMIT_LOGIN: '100000', LOGIN_ACCOUNT_CEILING: String(CEILING), SMTP_URL: smtp.url },
    })
  const isSignInLink = (m: (typeof smtp.messages)[number]) => /sign-in link/.test(m.subject)
  /** The sign-in links mailed to this test's owner. */
  const signInLinks = () => smtp.messages.filter((m) => isSignInLink(m) && m.to.join() === owner.email)
  const cmsLogin = (username: string, password: string, from: string, code?: string) =>
    new ApiClient(server.url).post('/cms-api/admin-users/login', { username, password, code }, { 'X-Forwarded-For': from })

  /**
   * The distributed guessing every test here starts from: one guess per address, half through each
   * login path, so no per-source delay ever starts, until the account's ceiling is reached.
   */
  const reachCeiling = async () => {
    for (let i = 0; i < CEILING / 2; i++) {
      expect((await login(server, owner.username, `${WRONG}-${i}`, freshAddress())).status).toBe(401)
      expect((await cmsLogin(owner.username, `${WRONG}-c${i}`, freshAddress())).status).toBe(401)
      expect((await login(server, unknownName, `${WRONG}-${i}`, freshAddress())).status).toBe(401)
      expect((await cmsLogin(unknownName, `${WRONG}-c${i}`, freshAddress())).status).toBe(401)
    }
  }
  /** The owner turns on an authenticator app (from home): its code generator and recovery codes. */
  const enrolTotp = async () => {
    const client = new ApiClient(server.url)
    expect(
      (await client.post('/api/admin/login', { username: owner.username, password: owner.password }, { 'X-Forwarded-For': home })).status,
    ).toBe(200)
    const { secret } = (await client.post('/api/admin/account/two-factor/start', undefined, { 'X-Forwarded-For': home })).json
    const totp = new TOTP({ secret: Secret.fromBase32(secret) })
    const confirmed = await client.post('/api/admin/account/two-factor/confirm', { code: totp.generate() }, { 'X-Forwarded-For': home })
    expect(confirmed.status).toBe(200)
    return { totp, recoveryCodes: confirmed.json.recoveryCodes as string[] }
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    server = await start(mkdtempSync(join(tmpdir(), 'boosters-throttle-')))
    const creator = new ApiClient(server.url)
    expect((await creator.post('/api/admin/setup', TEST_ADMIN)).status).toBe(201)
    expect((await creator.post('/api/admin/login', TEST_ADMIN, { 'X-Forwarded-For': home })).status).toBe(200)
    creatorCookie = creator.cookie
  })
  beforeEach(async () => {
    accounts++
    owner = { username: `ceiling.owner${accounts}`, password: TEST_ADMIN.password, email: `ceiling.owner${accounts}@ladyhawks.test` }
    unknownName = `no.such.admin${accounts}`
    // Through the current server's origin: the restart test gives the server a new port.
    const creator = new ApiClient(server.url)
    creator.cookie = creatorCookie
    await addStaffAccount(creator, { ...owner, role: 'admin' }, { 'X-Forwarded-For': home })
    expect((await login(server, owner.username, owner.password, home)).status).toBe(200)
  })
  afterAll(async () => {
    await server?.stop()
    if (server) rmSync(server.dataDir, { recursive: true, force: true })
    await smtp?.stop()
  })

  it('beyond the ceiling a new address needs a second step on both login paths: the same answer for any password, a one-time link mailed only for the right one', async () => {
    await reachCeiling()
    const wrong = await login(server, owner.username, `${WRONG}-x`, freshAddress())
    const unknown = await login(server, unknownName, owner.password, freshAddress())
    const right = await login(server, owner.username, owner.password, freshAddress())
    // Not a 429: nobody is told to wait an hour. The right password gets the answer a wrong one gets, and no cookie.
    expect(right.status).toBe(401)
    expect(right.json).toMatchObject({ totpRequired: true, error: expect.stringMatching(/one-time sign-in link/) })
    expect(right.setCookies).toEqual([])
    for (const other of [wrong, unknown])
      expect({ status: other.status, body: other.text }).toEqual({ status: right.status, body: right.text })
    const cmsRight = await cmsLogin(owner.username, owner.password, freshAddress())
    const cmsWrong = await cmsLogin(owner.username, `${WRONG}-y`, freshAddress())
    expect(cmsRight.status).toBe(401)
    expect(cmsRight.setCookies).toEqual([])
    expect({ status: cmsWrong.status, body: cmsWrong.text }).toEqual({ status: cmsRight.status, body: cmsRight.text })

    // One mail per right password (ours and Payload's path), none for the wrong ones in between.
    await expect.poll(() => signInLinks().length).toBe(2)
    expect((await login(server, owner.username, `${WRONG}-z`, freshAddress())).status).toBe(401)
    expect((await login(server, owner.username, owner.password, freshAddress())).status).toBe(401)
    await expect.poll(() => signInLinks().length).toBe(3)
    // Every sign-in link of the file went to an owner's own address, none to anyone else.
    expect(smtp.messages.filter(isSignInLink).every((m) => OWNER_EMAIL.test(m.to.join()))).toBe(true)

    // The link signs in once, on whatever device opens it; that address is then one the owner used.
    const token = signInLinks()[0].text.match(/\/admin\/login\?signin=([\w-]+)/)?.[1]
    expect(token, signInLinks()[0].text).toBeTruthy()
    const phone = freshAddress()
    const client = new ApiClient(server.url)
    const opened = await client.post('/api/admin/login/link', { token }, { 'X-Forwarded-For': phone })
    expect(opened.status, opened.text).toBe(200)
    expect(opened.json.user.username).toBe(owner.username)
    expect((await client.get('/api/admin/me')).status).toBe(200)
    expect((await new ApiClient(server.url).post('/api/admin/login/link', { token }, { 'X-Forwarded-For': phone })).status).toBe(400)
    expect((await login(server, owner.username, owner.password, phone)).status).toBe(200)
    const log = await allPages<{ event: string; actor: string; detail?: { via?: string } }>(client, '/api/admin/audit-log')
    expect(log.some((e) => e.event === 'login' && e.actor === owner.username && e.detail?.via === 'email link')).toBe(true)
  })

  it("remembers the ceiling and the owner's addresses across a restart (they are in the database)", async () => {
    await reachCeiling()
    expect((await login(server, owner.username, owner.password, freshAddress())).json).toMatchObject({ totpRequired: true })
    await server.kill()
    server = await start(server.dataDir)
    expect((await login(server, owner.username, owner.password, freshAddress())).json).toMatchObject({ totpRequired: true })
    expect((await login(server, owner.username, owner.password, home)).status).toBe(200)
  })

  it('with an authenticator app, the right password and code get in from a new address beyond the ceiling', async () => {
    const { totp } = await enrolTotp()
    await reachCeiling()

    const noCode = await login(server, owner.username, owner.password, freshAddress())
    const wrong = await login(server, owner.username, `${WRONG}-t`, freshAddress())
    expect({ status: noCode.status, body: noCode.text }).toEqual({ status: wrong.status, body: wrong.text })
    // The next time step: the code given at confirmation was spent.
    const code = totp.generate({ timestamp: Date.now() + 30_000 })
    const withCode = await new ApiClient(server.url).post(
      '/api/admin/login',
      { username: owner.username, password: owner.password, code },
      { 'X-Forwarded-For': freshAddress() },
    )
    expect(withCode.status, withCode.text).toBe(200)
    expect(signInLinks()).toHaveLength(0) // the code is this account's second step: no link
  })

  it('npm run admin:reset -- <username> sets a new password, ends every session and turns two-factor sign-in off', async () => {
    const { recoveryCodes } = await enrolTotp()
    await reachCeiling()
    const client = new ApiClient(server.url)
    expect(
      (
        await client.post(
          '/api/admin/login',
          { username: owner.username, password: owner.password, code: recoveryCodes[0] },
          { 'X-Forwarded-For': home },
        )
      ).status,
    ).toBe(200)
    expect((await client.get('/api/admin/me')).status).toBe(200)
    // The owner has two-factor sign-in, and lost the phone along with the password.
    const commandEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URI: server.databaseUri }
    const run = await runServerCommand('admin-reset', [` ${owner.username.toUpperCase()} `], {
      ...commandEnv,
      PAYLOAD_SECRET: 'test-secret-not-for-production-0123456789',
      LOG_LEVEL: 'warn',
    })
    expect(run.code, run.output).toBe(0)
    const password = run.output.match(new RegExp(`New password for ${owner.username.replace('.', '\\.')}: (\\S+)`))?.[1]
    expect(password, run.output).toBeTruthy()
    expect(password!.length).toBeGreaterThanOrEqual(20)

    expect((await client.get('/api/admin/me')).status).toBe(401) // every session ended
    expect((await login(server, owner.username, owner.password, home)).status).toBe(401)
    // The running server sees the lifted throttle at once: the new password works from a new address, no second step.
    const fresh = new ApiClient(server.url)
    const lifted = await fresh.post('/api/admin/login', { username: owner.username, password }, { 'X-Forwarded-For': freshAddress() })
    expect(lifted.status, lifted.text).toBe(200)
    const log = await allPages<{ event: string; actor: string; targetId: string; changedFields: string[] }>(fresh, '/api/admin/audit-log')
    expect(log.find((e) => e.event === 'password-reset' && e.targetId === String(lifted.json.user.id))).toMatchObject({
      actor: 'server command',
      changedFields: ['password', 'sessions', 'totpEnabled'],
    })
    expect(JSON.stringify(log)).not.toContain(password)

    expect((await runServerCommand('admin-reset', ['nobody.here'], { ...commandEnv, LOG_LEVEL: 'silent' })).code).toBe(1)
  })
})
