import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startServer, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §4 (proxy): per-IP limits hold whether or not a proxy is
 * trusted; only the proxy named in TRUST_PROXY may say who the visitor is.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const LIMIT = 3

/** Login attempts, each claiming a different visitor address, until one answers 429. */
async function attemptsUntilLimited(server: TestServer, forwarded: (i: number) => string): Promise<number> {
  const client = new ApiClient(server.url)
  for (let i = 1; i <= LIMIT + 3; i++) {
    const res = await client.post(
      '/api/admin/login',
      { username: `someone.${i}`, password: 'a-wrong-password' },
      { 'X-Forwarded-For': forwarded(i) },
    )
    if (res.status === 429) return i
    expect(res.status).toBe(401)
  }
  return Infinity
}

describe.each<{ setting: string; env: Record<string, string> }>([
  { setting: 'unset', env: {} },
  { setting: 'a proxy that is not the client (10.255.255.1)', env: { TRUST_PROXY: '10.255.255.1' } },
])('TRUST_PROXY $setting: a direct client cannot choose its address', ({ env }) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { ...env, RATE_LIMIT_LOGIN: String(LIMIT) } })
  })
  afterAll(() => server?.stop())

  it('counts every forged X-Forwarded-For against the one real address', async () => {
    expect(await attemptsUntilLimited(server, (i) => `203.0.113.${i}`)).toBe(LIMIT + 1)
  })
})

describe('TRUST_PROXY naming the proxy in front (loopback here)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'loopback', RATE_LIMIT_LOGIN: String(LIMIT) } })
  })
  afterAll(() => server?.stop())

  it('gives each visitor the proxy reports its own budget', async () => {
    expect(await attemptsUntilLimited(server, (i) => `203.0.113.${i}`)).toBe(Infinity)
  })

  it('takes the address the proxy saw, not one the visitor wrote in front of it', async () => {
    // The proxy appends the real peer; whatever the visitor sent comes before it.
    expect(await attemptsUntilLimited(server, (i) => `10.0.0.${i}, 198.51.100.7`)).toBe(LIMIT + 1)
  })

  // Here rather than beside Payload's other tests (cms/admin/admin.api.test.ts): this server's low limit, per visitor.
  it("counts Payload's logins against the same per-IP limit as ours", async () => {
    const client = new ApiClient(server.url)
    const visitor = { 'X-Forwarded-For': '198.51.100.20' }
    const ours = () => client.post('/api/admin/login', { username: 'nobody', password: 'wrong-password-1' }, visitor)
    const payloads = () => client.post('/cms-api/admin-users/login', { username: 'nobody', password: 'wrong-password-1' }, visitor)
    for (const attempt of [ours, payloads, ours]) expect((await attempt()).status).toBe(401)
    const limited = await payloads()
    expect(limited.status).toBe(429)
    expect(limited.json.error).toMatch(/Too many login attempts/)
  })
})

describe('TRUST_PROXY settings that would let clients forge their address', () => {
  it.each(['1', '2', 'true', 'everyone'])('refuses to start with TRUST_PROXY=%s, in one line', async (value) => {
    await expect(startServer({ env: { TRUST_PROXY: value } })).rejects.toThrow(/Cannot start: TRUST_PROXY/)
  })

  it('docker-compose.yml publishes the app on 127.0.0.1 only and trusts only the proxies it runs (the gateway and Caddy)', () => {
    const compose = readFileSync(`${repoRoot}/docker-compose.yml`, 'utf8')
    const ports = [...compose.matchAll(/^\s*-\s*["']([^"']*:\d+(?:\/udp)?)["']\s*$/gm)].map((m) => m[1])
    // The app on this machine only; the public ports are Caddy's (profile https).
    expect(ports).toEqual(['127.0.0.1:3000:3000', '80:80', '443:443', '443:443/udp'])
    expect(compose).toMatch(/gateway: 172\.28\.0\.1/)
    expect(compose).toMatch(/ipv4_address: 172\.28\.0\.10/)
    // compose reads the settings from .env, made from .env.example.
    expect(readFileSync(`${repoRoot}/.env.example`, 'utf8')).toMatch(/^TRUST_PROXY=172\.28\.0\.1,172\.28\.0\.10$/m)
  })
})
