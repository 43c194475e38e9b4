import type { Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffAccount, ApiClient, loggedInAdmin, openDatabase, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §1 (account basics): the idle timeout beside the 12 h cap, the
 * list of one's own sessions with "sign out everywhere else", and changing
 * one's own password.
 */

const decodeJwt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
const sidOf = (client: ApiClient) => decodeJwt(client.cookie.split('=')[1]).sid as string
const MINUTE = 60_000

describe('account basics', () => {
  let server: TestServer
  let db: Client
  const login = async (username = TEST_ADMIN.username, password = TEST_ADMIN.password) => {
    const client = new ApiClient(server.url)
    expect((await client.post('/api/admin/login', { username, password })).status).toBe(200)
    return client
  }
  const storedSession = async (sid: string) =>
    (await db.execute({ sql: 'SELECT created_at, expires_at FROM admin_users_sessions WHERE id = ?', args: [sid] })).rows[0]
  const setSession = (sid: string, column: 'created_at' | 'expires_at', at: number) =>
    db.execute({ sql: `UPDATE admin_users_sessions SET ${column} = ? WHERE id = ?`, args: [new Date(at).toISOString(), sid] })

  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_LOGIN: '10000' } })
    db = await openDatabase(server)
    await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  it('ends a session after 30 minutes without a request; each request pushes the deadline forward', async () => {
    const client = await login()
    const sid = sidOf(client)
    // 25 minutes of silence: 5 minutes left. A request moves the deadline back to 30 minutes from now.
    await setSession(sid, 'expires_at', Date.now() + 5 * MINUTE)
    const before = Date.now()
    expect((await client.get('/api/admin/me')).status).toBe(200)
    const after = Date.now()
    // 30 minutes after the request, which the server answered between the two instants read around it.
    const moved = Date.parse(String((await storedSession(sid)).expires_at))
    expect(moved).toBeGreaterThanOrEqual(before + 30 * MINUTE)
    expect(moved).toBeLessThanOrEqual(after + 30 * MINUTE)
    // 30 minutes of silence: over, even though the token itself is valid for hours.
    await setSession(sid, 'expires_at', Date.now() - 1000)
    expect((await client.get('/api/admin/me')).status).toBe(401)
    expect((await client.get('/api/admin/campaigns')).status).toBe(401)
  })

  it('never extends a session past 12 hours after login, however active', async () => {
    const client = await login()
    const sid = sidOf(client)
    const createdAt = Date.now() - 12 * 60 * MINUTE + 10 * MINUTE
    await setSession(sid, 'created_at', createdAt)
    await setSession(sid, 'expires_at', Date.now() + 2 * MINUTE)
    expect((await client.get('/api/admin/me')).status).toBe(200)
    expect(Date.parse(String((await storedSession(sid)).expires_at))).toBe(createdAt + 12 * 60 * MINUTE)
    await setSession(sid, 'created_at', Date.now() - 12 * 60 * MINUTE - 1000)
    expect((await client.get('/api/admin/me')).status).toBe(401)
  })

  it('lists your own sessions and signs out everywhere else', async () => {
    const [laptop, phone, tablet] = [await login(), await login(), await login()]
    const list = await laptop.get('/api/admin/sessions')
    expect(list.status).toBe(200)
    const ids = list.json.map((s: { id: string }) => s.id)
    for (const client of [laptop, phone, tablet]) expect(ids).toContain(sidOf(client))
    expect(list.json.filter((s: { current: boolean }) => s.current)).toEqual([
      { id: sidOf(laptop), createdAt: expect.any(String), expiresAt: expect.any(String), current: true },
    ])
    expect(list.text).not.toMatch(/hash|salt|token/i)

    // Only from our own origin, like every write.
    expect((await phone.post('/api/admin/sessions/revoke-others', undefined, { Origin: 'https://evil.example' })).status).toBe(403)
    const revoke = await laptop.post('/api/admin/sessions/revoke-others')
    expect(revoke.status).toBe(200)
    expect(revoke.json.ended).toBeGreaterThanOrEqual(2)
    expect((await phone.get('/api/admin/me')).status).toBe(401)
    expect((await tablet.get('/api/admin/me')).status).toBe(401)
    expect((await laptop.get('/api/admin/me')).status).toBe(200)
    expect((await laptop.get('/api/admin/sessions')).json.map((s: { id: string }) => s.id)).toEqual([sidOf(laptop)])
  })

  it('changes your own password only with the current one; every other session ends', async () => {
    // An account of its own (made by a fresh session: another test ends every other one): the other tests here keep signing in with TEST_ADMIN's password.
    const me = { username: 'assistant.coach', password: 'the assistant coach passphrase' }
    await addStaffAccount(await login(), { ...me, role: 'admin' })
    const [here, elsewhere] = [await login(me.username, me.password), await login(me.username, me.password)]
    const newPassword = 'a brand new passphrase for the season'

    const wrong = await here.post('/api/admin/password', { currentPassword: 'not-the-password', newPassword })
    expect(wrong.status).toBe(400)
    expect(wrong.json.issues).toEqual([{ path: 'currentPassword', message: 'The current password is not correct' }])
    const weak = await here.post('/api/admin/password', { currentPassword: me.password, newPassword: 'password1234' })
    expect(weak.status).toBe(400)
    expect(weak.json.issues[0].path).toBe('newPassword')
    expect((await new ApiClient(server.url).post('/api/admin/password', { currentPassword: me.password, newPassword })).status).toBe(401)

    const changed = await here.post('/api/admin/password', { currentPassword: me.password, newPassword })
    expect(changed.status).toBe(200)
    expect((await here.get('/api/admin/me')).status).toBe(200)
    expect((await elsewhere.get('/api/admin/me')).status).toBe(401)
    const old = await new ApiClient(server.url).post('/api/admin/login', { username: me.username, password: me.password })
    expect(old.status).toBe(401)
    const fresh = new ApiClient(server.url)
    expect((await fresh.post('/api/admin/login', { username: me.username, password: newPassword })).status).toBe(200)

    const log = (await fresh.get('/api/admin/audit-log?limit=100')).json as Array<{ event: string; changedFields: string[] }>
    expect(log.find((e) => e.event === 'password-change')).toMatchObject({ changedFields: ['password'] })
    expect(JSON.stringify(log)).not.toContain(newPassword)
  })
})
