import { createClient, type Client } from '@libsql/client'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/port'
import { ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §1 (recovery): a single-use, 30-minute link by email, through a
 * real SMTP server on 127.0.0.1; the answer never tells whether the address is known.
 */

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
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'club@ladyhawks.test', RATE_LIMIT_LOGIN: '1000' },
    })
    db = createClient({ url: server.databaseUri })
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
    await new Promise<void>((resolve) => smtp?.close(() => resolve()))
  })

  it('answers the same for a known and an unknown address, and mails a link only to the known one', async () => {
    const session = await loggedInAdmin(server.url)
    const visitor = new ApiClient(server.url)
    // The unknown address first: its background work (one lookup) is a part of the known one's (the same
    // lookup, then a token and the mail), so a mail for it would arrive before the known one's link.
    const unknown = await visitor.post('/api/admin/recover', { email: 'nobody@ladyhawks.test' })
    const known = await visitor.post('/api/admin/recover', { email: TEST_ADMIN.email.toUpperCase() })
    expect(known.status).toBe(200)
    expect({ status: unknown.status, body: unknown.text }).toEqual({ status: known.status, body: known.text })
    expect(known.json.message).toMatch(/If an account uses that address/)
    expect((await visitor.post('/api/admin/recover', { email: 'not-an-address' })).status).toBe(400)

    // The positive control is the known address's link: once it is here, nothing else came or is on its way.
    await expect.poll(() => mails.some((m) => /\/admin\?reset=/.test(m.replace(/=\r?\n/g, '')))).toBe(true)
    expect(mails).toHaveLength(1) // nothing for the unknown address
    const mail = mails[0].replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    expect(mail).toMatch(new RegExp(`^To: ${TEST_ADMIN.email}`, 'mi'))
    expect(mail).not.toMatch(/nobody@ladyhawks\.test/)
    const token = mail.match(/\/admin\?reset=([0-9a-f]+)/)?.[1]
    expect(token).toBeTruthy()
    expect((await session.get('/api/admin/me')).status).toBe(200) // asking changes nothing yet

    // Expired after 30 minutes.
    const expiry = await db.execute('SELECT reset_password_expiration AS at FROM admin_users')
    const minutes = (Date.parse(String(expiry.rows[0].at)) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(29)
    expect(minutes).toBeLessThanOrEqual(30)
    await db.execute({ sql: 'UPDATE admin_users SET reset_password_expiration = ?', args: [new Date(Date.now() - 1000).toISOString()] })
    const late = await visitor.post('/api/admin/recover/reset', { token, password: 'a fresh passphrase from the link' })
    expect(late.status).toBe(400)
    expect(late.json.error).toMatch(/invalid, already used or older than 30 minutes/)
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
})
