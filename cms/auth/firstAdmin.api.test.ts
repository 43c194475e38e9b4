import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startServer, type TestServer } from '../../testing/server'
import { runServerCommand } from '../../testing/serverCommand'

/**
 * A public deployment (WEB_SETUP=closed, what compose sets) cannot be claimed from the web: the first admin is
 * made on the server (`admin-create`), with a one-time password its owner replaces at the first sign-in.
 */
let server: TestServer

beforeAll(async () => {
  server = await startServer({ env: { WEB_SETUP: 'closed' } })
})
afterAll(() => server?.stop())

/** `npm run admin:create -- <username>` against the server's database, as the server's operator runs it. */
const createAdmin = (username: string) =>
  runServerCommand('admin-create', [username], { ...process.env, NODE_ENV: 'test', DATABASE_URI: server.databaseUri, LOG_LEVEL: 'warn' })

const oneTimePasswordOf = (output: string) => /One-time password: (\S+)/.exec(output)?.[1] ?? ''

describe('first admin with WEB_SETUP=closed', () => {
  it('refuses the web setup with 403, and says how to make the first admin', async () => {
    const client = new ApiClient(server.url)
    const availability = await client.get('/api/admin/setup')
    expect(availability.status).toBe(200)
    expect(availability.json).toEqual({ web: 'closed', message: expect.stringContaining('node dist/admin-create.mjs <username>') })
    const attempt = await client.post('/api/admin/setup', { username: 'stranger', password: 'a-stranger-claims-this-site' })
    expect(attempt.status).toBe(403)
    expect(attempt.json.error).toBe(availability.json.message)
    // Nothing was made: the stranger's password signs nobody in.
    expect((await client.post('/api/admin/login', { username: 'stranger', password: 'a-stranger-claims-this-site' })).status).toBe(401)
  })

  it('admin-create makes an admin whose one-time password must be replaced before any session', async () => {
    const run = await createAdmin('Club.Owner')
    expect(run.code, run.output).toBe(0)
    const oneTime = oneTimePasswordOf(run.output)
    expect(oneTime.length, run.output).toBeGreaterThanOrEqual(20)

    const owner = new ApiClient(server.url)
    const asked = await owner.post('/api/admin/login', { username: 'club.owner', password: oneTime })
    expect(asked.status).toBe(401)
    expect(asked.json).toMatchObject({ newPasswordRequired: true, error: expect.stringMatching(/choose your own password/) })
    expect(asked.setCookies.filter((c) => !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toEqual([])
    // Payload's own login obeys it too: no session from the one-time password alone.
    const rest = await owner.post('/cms-api/admin-users/login', { username: 'club.owner', password: oneTime })
    expect(rest.status).toBe(401)
    expect((await owner.get('/api/admin/me')).status).toBe(401)

    const same = await owner.post('/api/admin/login', { username: 'club.owner', password: oneTime, newPassword: oneTime })
    expect(same.status).toBe(401)
    expect(same.json.error).toMatch(/not the one you were given/)
    const weak = await owner.post('/api/admin/login', { username: 'club.owner', password: oneTime, newPassword: 'short' })
    expect(weak.status).toBe(401)
    expect(weak.json.newPasswordRequired).toBe(true)
    expect((await owner.get('/api/admin/me')).status).toBe(401)

    const chosen = await owner.post('/api/admin/login', { username: 'club.owner', password: oneTime, newPassword: 'the-owners-own-choice' })
    expect(chosen.status, chosen.text).toBe(200)
    expect(chosen.json.user).toMatchObject({ username: 'club.owner', role: 'admin' })
    expect((await owner.get('/api/admin/me')).status).toBe(200)

    // The one-time password is spent; the owner's own signs in with nothing more asked.
    const again = new ApiClient(server.url)
    expect((await again.post('/api/admin/login', { username: 'club.owner', password: oneTime })).status).toBe(401)
    expect((await again.post('/api/admin/login', { username: 'club.owner', password: 'the-owners-own-choice' })).status).toBe(200)
  })

  it('admin-create refuses a name already taken, changing nothing', async () => {
    // A name of its own, made here: the test above makes club.owner, and this one may run alone or first.
    const made = await createAdmin('second.owner')
    expect(made.code, made.output).toBe(0)
    const run = await createAdmin(' Second.Owner ')
    expect(run.code).toBe(1)
    expect(run.output).toMatch(/Cannot create the admin: An account named "second.owner" exists already/)
    // The account is as it was made: its one-time password still asks for the owner's own.
    const login = await new ApiClient(server.url).post('/api/admin/login', {
      username: 'second.owner',
      password: oneTimePasswordOf(made.output),
    })
    expect([login.status, login.json.newPasswordRequired]).toEqual([401, true])
  })

  it('left nothing in the log below LOG_LEVEL (warn here), every line of it JSON', () => {
    const printed = server.output().trim().split('\n').filter(Boolean)
    const levels = printed.map((line) => (JSON.parse(line) as { level: number }).level)
    expect(levels.filter((level) => level < 40)).toEqual([])
  })
})
