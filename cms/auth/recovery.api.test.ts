import { createClient, type Client } from '@libsql/client'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/port'
import { addStaffAccount, ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §1 (recovery): a single-use, 30-minute link by email, through a
 * real SMTP server on 127.0.0.1; the answer never tells whether the address is known.
 */

const OWNER = { username: 'flooded.owner', email: 'flooded@ladyhawks.test', password: 'the-owner-passphrase-31' }
const CONTROL = { username: 'control.editor', email: 'control@ladyhawks.test', password: 'the-control-passphrase-32' }
const SECOND_ADMIN = { username: 'second.admin', password: 'the-second-admin-passphrase-33' }
/** The reset link's token in a recovery mail. */
const linkToken = (mail: string) => mail.match(/\/admin\?reset=([0-9a-f]+)/)?.[1]

describe('account recovery by email', () => {
  let server: TestServer
  let smtp: SMTPServer
  let db: Client
  const mails: string[] = []

  beforeAll(async () => {
    const port = await freePort()
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = ''
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
        stream.on('end', () => {
          mails.push(text)
          done()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
    server = await startServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'club@ladyhawks.test', RATE_LIMIT_LOGIN: '1000', TRUST_PROXY: 'loopback' },
    })
    db = createClient({ url: server.databaseUri })
    // Accounts of their own for the flood test (the first test changes the admin's password).
    const admin = await loggedInAdmin(server.url)
    // Each from an address of its own: choosing a password through a link counts against RATE_LIMIT_RECOVERY.
    await addStaffAccount(admin, { ...OWNER, role: 'editor' }, { 'X-Forwarded-For': '10.9.0.1' })
    await addStaffAccount(admin, { ...CONTROL, role: 'editor' }, { 'X-Forwarded-For': '10.9.0.2' })
    await addStaffAccount(admin, { ...SECOND_ADMIN, role: 'admin' }, { 'X-Forwarded-For': '10.9.0.3' })
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
    await new Promise<void>((resolve) => smtp?.close(() => resolve()))
  })

  it('answers the same for a known and an unknown address, and mails a link only to the known one', async () => {
    const session = await loggedInAdmin(server.url)
    const visitor = new ApiClient(server.url)
    const start = mails.length
    // The unknown address first: its background work (one lookup) is a part of the known one's (the same
    // lookup, then a token and the mail), so a mail for it would arrive before the known one's link.
    const unknown = await visitor.post('/api/admin/recover', { email: 'nobody@ladyhawks.test' })
    const asked = Date.now()
    const known = await visitor.post('/api/admin/recover', { email: TEST_ADMIN.email.toUpperCase() })
    expect(known.status).toBe(200)
    expect({ status: unknown.status, body: unknown.text }).toEqual({ status: known.status, body: known.text })
    expect(known.json.message).toMatch(/If an account uses that address/)
    expect((await visitor.post('/api/admin/recover', { email: 'not-an-address' })).status).toBe(400)

    // The positive control is the known address's link: once it is here, nothing else came or is on its way.
    const sent = () => mails.slice(start).filter((m) => /^To: admin@/im.test(m) || /nobody@/.test(m))
    await expect.poll(() => sent().some((m) => /\/admin\?reset=/.test(m.replace(/=\r?\n/g, '')))).toBe(true)
    const mailed = Date.now()
    expect(sent()).toHaveLength(1) // nothing for the unknown address
    const mail = sent()[0]
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    expect(mail).toMatch(new RegExp(`^To: ${TEST_ADMIN.email}`, 'mi'))
    expect(mail).not.toMatch(/nobody@ladyhawks\.test/)
    const token = linkToken(mail)
    expect(token).toBeTruthy()
    expect((await session.get('/api/admin/me')).status).toBe(200) // asking changes nothing yet

    // Expired 30 minutes after the link was made, which was between the request and the mail's arrival.
    const expiry = Date.parse(String((await db.execute('SELECT reset_password_expiration AS at FROM admin_users')).rows[0].at))
    expect(expiry).toBeGreaterThanOrEqual(asked + 30 * 60_000)
    expect(expiry).toBeLessThanOrEqual(mailed + 30 * 60_000)
    await db.execute({ sql: 'UPDATE admin_users SET reset_password_expiration = ?', args: [new Date(Date.now() - 1000).toISOString()] })
    const late = await visitor.post('/api/admin/recover/reset', { token, password: 'a fresh passphrase from the link' })
    expect(late.status).toBe(400)
    expect(late.json.error).toMatch(/invalid, already used or expired/)
    await db.execute({
      sql: 'UPDATE admin_users SET reset_password_expiration = ?',
      args: [new Date(Date.now() + 10 * 60_000).toISOString()],
    })

    const weak = await visitor.post('/api/admin/recover/reset', { token, password: 'password1234' })
    expect(weak.status).toBe(400)
    expect(weak.json.issues[0].path).toBe('password')

    const reset = await visitor.post('/api/admin/recover/reset', { token, password: 'a fresh passphrase from the link' })
    expect(reset.status).toBe(200)
    expect(reset.json).toEqual({ ok: true, username: TEST_ADMIN.username })
    expect((await session.get('/api/admin/me')).status).toBe(401) // every session ended
    const again = await visitor.post('/api/admin/recover/reset', { token, password: 'yet another passphrase here' })
    expect(again.status).toBe(400) // single use

    const fresh = new ApiClient(server.url)
    expect(
      (await fresh.post('/api/admin/login', { username: TEST_ADMIN.username, password: 'a fresh passphrase from the link' })).status,
    ).toBe(200)
    const log = (await fresh.get('/api/admin/audit-log?limit=100')).json as Array<{ event: string; detail: unknown }>
    expect(log.find((e) => e.event === 'password-reset')).toMatchObject({ detail: { via: 'email link' } })
    expect(log.filter((e) => e.event === 'recovery-requested').length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(log)).not.toContain(token!)
    expect(server.output()).not.toContain(token!)
  })

  /** The mails that went to one address (recovery links unless `subject` says otherwise), unfolded (quoted-printable). */
  const mailsTo = (address: string, subject = /choose a new password/) =>
    mails
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => new RegExp(`^To: ${address}`, 'mi').test(m) && subject.test(m))
  const from = (ip: string) => ({ 'X-Forwarded-For': ip })
  const signedIn = async (account: { username: string; password: string }) => {
    const client = new ApiClient(server.url)
    expect((await client.post('/api/admin/login', account)).status).toBe(200)
    return client
  }

  it('invites a new staff member to choose her own password: no admin types or learns it', async () => {
    const admin = await signedIn(SECOND_ADMIN)
    const member = { username: 'new.volunteer', email: 'volunteer@ladyhawks.test' }
    // No email, no account: the invitation goes there.
    const noEmail = await admin.post('/cms-api/admin-users', { username: member.username, role: 'editor' })
    expect(noEmail.status).toBe(400)
    expect(noEmail.text).toMatch(/the invitation to choose her password goes there/)
    // A password an admin types (Payload's form, an API client) is not kept.
    const typed = 'the-admin-typed-this-one-9'
    const asked = Date.now()
    const made = await admin.post('/cms-api/admin-users', { ...member, role: 'editor', password: typed })
    const answered = Date.now()
    expect(made.status, made.text).toBe(201)
    const id = made.json.doc.id
    expect((await new ApiClient(server.url).post('/api/admin/login', { username: member.username, password: typed })).status).toBe(401)

    // Her invitation: mailed to her, a link that works once, for 3 days.
    await expect.poll(() => mailsTo(member.email, /you are invited/).length).toBe(1)
    const invitation = mailsTo(member.email, /you are invited/)[0]
    expect(invitation).toMatch(/\/admin\?reset=[0-9a-f]+&invited=1/)
    const token = linkToken(invitation)!
    // Expired 72 hours after the account was made, which was between the request and its answer.
    const expiry = Date.parse(
      String((await db.execute({ sql: 'SELECT reset_password_expiration AS at FROM admin_users WHERE id = ?', args: [id] })).rows[0].at),
    )
    expect(expiry).toBeGreaterThanOrEqual(asked + 72 * 3_600_000)
    expect(expiry).toBeLessThanOrEqual(answered + 72 * 3_600_000)
    expect(server.output()).not.toContain(token)

    // An editor may not send invitations; an admin may send it again, by mail or as a link to pass on.
    const editor = await signedIn(CONTROL)
    expect((await editor.post(`/api/admin/staff/${id}/invitation`, {})).status).toBe(403)
    const again = await admin.post(`/api/admin/staff/${id}/invitation`, {})
    expect(again.json).toEqual({ mailed: true })
    await expect.poll(() => mailsTo(member.email, /you are invited/).length).toBe(2)
    const newest = linkToken(mailsTo(member.email, /you are invited/)[1])!
    expect(newest).not.toBe(token)
    // The earlier link no longer works; the newest does, once.
    const password = 'my own volunteer passphrase 2026'
    const choose = (link: string, chosen: string) =>
      new ApiClient(server.url).post('/api/admin/recover/reset', { token: link, password: chosen }, from('10.6.0.1'))
    expect((await choose(token, password)).status).toBe(400)
    expect((await choose(newest, password)).status).toBe(200)
    expect((await choose(newest, `${password}!`)).status).toBe(400)
    const signedInMember = await signedIn({ username: member.username, password })
    expect((await signedInMember.get('/api/admin/me')).json.user).toMatchObject({ username: member.username, role: 'editor' })

    // Once she has chosen it, nobody but she changes it: no invitation, no password set by an admin, on any door.
    const refusedInvite = await admin.post(`/api/admin/staff/${id}/invitation`, { link: true })
    expect(refusedInvite.status).toBe(409)
    expect(refusedInvite.json.error).toMatch(/has chosen a password already/)
    for (const res of [
      await admin.patch(`/cms-api/admin-users/${id}`, { password: 'an-admin-would-set-this-1', currentPassword: SECOND_ADMIN.password }),
      await admin.patch(`/cms-api/admin-users?where[id][equals]=${id}`, { password: 'an-admin-would-set-this-1' }),
    ]) {
      expect(res.status, res.text).toBe(403)
      expect(res.text).toMatch(/Only its owner chooses an account’s password/)
    }
    expect((await new ApiClient(server.url).post('/api/admin/login', { username: member.username, password })).status).toBe(200)
    const log = (await admin.get('/api/admin/audit-log?limit=100')).json as Array<{ event: string; targetId?: string; detail?: any }>
    expect(log.filter((e) => e.targetId === String(id)).map((e) => e.event)).toEqual(expect.arrayContaining(['create', 'invitation-sent']))
    expect(log.find((e) => e.event === 'password-reset' && e.detail?.via === 'invitation')).toBeDefined()
  })

  it('changes an email only once the new address confirms it; the old one is told; Forgot password then uses the new one', async () => {
    const admin = await signedIn(SECOND_ADMIN)
    const account = { username: 'moving.editor', password: 'moving-editor-passphrase-8', email: 'before@ladyhawks.test' }
    const { id } = await addStaffAccount(admin, { ...account, role: 'editor' }, from('10.7.0.1'))
    const member = await signedIn(account)
    const asked = await member.patch(`/cms-api/admin-users/${id}`, { email: 'After@LadyHawks.test' })
    expect(asked.status, asked.text).toBe(200)
    // Waiting: mail still goes to the old address, which is told.
    const stored = async () => (await admin.get(`/cms-api/admin-users/${id}`)).json
    expect(await stored()).toMatchObject({ email: 'before@ladyhawks.test', pendingEmail: 'after@ladyhawks.test' })
    await expect.poll(() => mailsTo('after@ladyhawks.test', /confirm your new email/).length).toBe(1)
    await expect.poll(() => mailsTo('before@ladyhawks.test', /is being changed/).length).toBe(1)
    const confirmation = mailsTo('after@ladyhawks.test', /confirm your new email/)[0]
    const token = confirmation.match(/\/admin\?confirm-email=([0-9a-f]+)/)?.[1]
    expect(token).toBeTruthy()
    await new ApiClient(server.url).post('/api/admin/recover', { email: 'after@ladyhawks.test' }, from('10.5.0.1'))
    // Another editor cannot put an address of theirs on it.
    const other = await signedIn(CONTROL)
    expect([403, 404]).toContain((await other.patch(`/cms-api/admin-users/${id}`, { email: 'thief@evil.test' })).status)

    const confirmed = await new ApiClient(server.url).post('/api/admin/email/confirm', { token }, from('10.7.0.2'))
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.json).toEqual({ username: account.username, email: 'after@ladyhawks.test' })
    expect((await new ApiClient(server.url).post('/api/admin/email/confirm', { token }, from('10.7.0.2'))).status).toBe(400) // once
    expect(await stored()).toMatchObject({ email: 'after@ladyhawks.test', pendingEmail: null })
    // The recovery asked for before the confirmation found no account; now it does.
    await new ApiClient(server.url).post('/api/admin/recover', { email: 'after@ladyhawks.test' }, from('10.5.0.2'))
    await expect.poll(() => mailsTo('after@ladyhawks.test').length).toBe(1)
    expect(mailsTo('thief@evil.test', /./)).toHaveLength(0)
    const log = (await admin.get('/api/admin/audit-log?limit=100')).json as Array<{ event: string; targetId?: string; changes?: any }>
    expect(log.find((e) => e.targetId === String(id) && e.changes?.email)?.changes.email).toEqual({
      from: 'before@ladyhawks.test',
      to: 'after@ladyhawks.test',
    })
  })

  it('sends an account at most 3 recovery mails an hour whatever the number of addresses asking, each with the same unexpired link', async () => {
    const unknownAnswer = await new ApiClient(server.url).post(
      '/api/admin/recover',
      { email: 'nobody.else@ladyhawks.test' },
      from('10.1.0.1'),
    )

    // 40 requests from 40 addresses: each answered at once, the same as for an unknown address.
    for (let i = 0; i < 40; i++) {
      const res = await new ApiClient(server.url).post('/api/admin/recover', { email: OWNER.email }, from(`10.2.0.${i + 1}`))
      expect({ status: res.status, body: res.text }).toEqual({ status: unknownAnswer.status, body: unknownAnswer.text })
    }
    // The positive control: another account's link, asked for after the flood, arrives; the flood's work was done before it.
    await new ApiClient(server.url).post('/api/admin/recover', { email: CONTROL.email }, from('10.3.0.1'))
    await expect.poll(() => mailsTo(CONTROL.email).length).toBe(1)
    await expect.poll(() => mailsTo(OWNER.email).length).toBe(3)
    expect(mailsTo(OWNER.email)).toHaveLength(3)

    // Every mail carries the link the first one did, still the account's: a new request never voided it.
    const tokens = mailsTo(OWNER.email).map(linkToken)
    expect(new Set(tokens).size).toBe(1)
    // A link is mailed inside the write that stores it, which commits a moment later: polled, for both accounts, so
    // the control's link is not stored during the next test's comparison.
    const storedToken = async (username: string) =>
      (await db.execute({ sql: 'SELECT reset_password_token AS t FROM admin_users WHERE username = ?', args: [username] })).rows[0].t
    await expect.poll(() => storedToken(OWNER.username)).toBe(tokens[0])
    const controlToken = linkToken(mailsTo(CONTROL.email)[0])
    await expect.poll(() => storedToken(CONTROL.username)).toBe(controlToken)
    const reset = await new ApiClient(server.url).post('/api/admin/recover/reset', {
      token: tokens[0],
      password: 'a new owner passphrase 33',
    })
    expect(reset.status, reset.text).toBe(200)
  })

  it('limits recovery requests, reset links and sign-in links per address (429), changing nothing', async () => {
    const ip = from('10.4.0.1')
    const client = new ApiClient(server.url)
    const tries = [
      () => client.post('/api/admin/recover/reset', { token: 'f'.repeat(64), password: 'some long passphrase 44' }, ip),
      () => client.post('/api/admin/login/link', { token: 'x'.repeat(43) }, ip),
    ]
    const before = await db.execute('SELECT id, hash, reset_password_token FROM admin_users ORDER BY id')
    for (let i = 0; i < 10; i++) expect((await tries[i % 2]()).status).toBe(400)
    for (const attempt of [...tries, () => client.post('/api/admin/recover', { email: 'a@ladyhawks.test' }, ip)]) {
      const refused = await attempt()
      expect(refused.status).toBe(429)
      expect(refused.json.error).toMatch(/Too many recovery requests/)
    }
    expect((await db.execute('SELECT id, hash, reset_password_token FROM admin_users ORDER BY id')).rows).toEqual(before.rows)
    // Another address is not affected.
    expect((await new ApiClient(server.url).post('/api/admin/login/link', { token: 'y'.repeat(43) }, from('10.4.0.2'))).status).toBe(400)
  })
})
