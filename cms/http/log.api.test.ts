import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startServer, type TestServer } from '../../testing/server'

/** README "Logs": one format, JSON lines, for everything the server prints, and an access line per request. */
let server: TestServer
beforeAll(async () => {
  server = await startServer({ env: { LOG_LEVEL: 'info' } })
})
afterAll(() => server?.stop())

type LogLine = { level: number; time: number; name: string; msg: string; [field: string]: unknown }
const lines = (): LogLine[] =>
  server
    .output()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as LogLine)
const accessLines = () => lines().filter((line) => line.name === 'access')

describe('the server log (LOG_LEVEL=info)', () => {
  it('is JSON lines only, from Payload, the server and the console alike', async () => {
    expect((await fetch(`${server.url}/admin`)).status).toBe(200) // Next starts and prints
    await expect.poll(() => lines().some((line) => line.name === 'boosters' && /listening on http/.test(line.msg))).toBe(true)
    expect(lines().some((line) => line.name === 'payload')).toBe(true)
    for (const line of lines()) expect(line).toMatchObject({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) })
  })

  it('has one access line per request: method, path without its query, status, duration; nothing about the visitor', async () => {
    const client = new ApiClient(server.url)
    expect((await client.get('/donate?email=family@example.org&utm_source=flyer')).status).toBe(200)
    expect((await client.post('/api/admin/login', { username: 'someone', password: 'their-secret-password' })).status).toBe(401)
    await expect.poll(() => accessLines().filter((line) => line.path === '/donate' || line.path === '/api/admin/login').length).toBe(2)
    const donate = accessLines().find((line) => line.path === '/donate')!
    expect(donate).toMatchObject({ level: 30, method: 'GET', status: 200, msg: 'GET /donate 200', ms: expect.any(Number) })
    expect(accessLines().find((line) => line.path === '/api/admin/login')).toMatchObject({ method: 'POST', status: 401 })
    const access = JSON.stringify(accessLines())
    for (const personal of ['family@example.org', 'flyer', 'someone', 'their-secret-password', '127.0.0.1', '::1', 'lhb']) {
      expect(access).not.toContain(personal)
    }
    expect(server.output()).not.toContain('their-secret-password')
  })
})
