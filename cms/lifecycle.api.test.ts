import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runServerCommand } from '../testing/serverCommand'
import { startServer } from '../testing/server'

/** The one JSON line a refused start prints (README "Logs"): fatal, and what to do. */
const refusal = (stderr: string) => {
  const line = JSON.parse(stderr.trim()) as { level: number; msg: string }
  expect(line.level).toBe(60)
  return line.msg
}

describe('server lifecycle', () => {
  it('refuses to start in production without PAYLOAD_SECRET, with one line and no stack', async () => {
    const { PAYLOAD_SECRET: _omit, ...env } = process.env
    const run = await runServerCommand('server', [], {
      ...env,
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URI: 'file:/tmp/never-created.db',
    })
    expect(run.code).toBe(1)
    expect(refusal(run.stderr)).toBe(
      'Cannot start: PAYLOAD_SECRET must be set when NODE_ENV=production (a long random string, e.g. `openssl rand -hex 32`).',
    )
  })

  it('refuses a development or test secret in production', async () => {
    const run = await runServerCommand('server', [], {
      ...process.env,
      NODE_ENV: 'production',
      PAYLOAD_SECRET: 'test-secret-not-for-production-0123456789',
    })
    expect(run.code).toBe(1)
    expect(refusal(run.stderr)).toBe(
      'Cannot start: PAYLOAD_SECRET is a development or test value; set a long random string for production.',
    )
  })

  it('refuses to send production mail from a missing, localhost or example sender, naming MAIL_FROM', async () => {
    const production: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PAYLOAD_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    }
    for (const from of [undefined, '', 'Lady Hawks Boosters <no-reply@localhost>', 'receipts@example.org']) {
      const { MAIL_FROM: _omit, ...env } = production
      const run = await runServerCommand('server', [], from === undefined ? env : { ...env, MAIL_FROM: from })
      expect(run.code, String(from)).toBe(1)
      expect(refusal(run.stderr)).toMatch(
        /^Cannot start: MAIL_FROM must be set to a real address of the club's domain when SMTP_URL is set in production/,
      )
    }
  })

  it('refuses to start on a port another program holds, in one line naming the port, and leaves that program be', async () => {
    // Another web server on the port, answering everything as a healthy site would: the start must not take its answers for ours.
    const holder = createHttpServer((_, res) => res.end('the other program'))
    await new Promise<void>((resolve) => holder.listen(0, resolve))
    const { port } = holder.address() as { port: number }
    try {
      const failed = await startServer({ env: { PORT: String(port) } }).then(
        () => 'started',
        (err: Error) => err.message,
      )
      expect(failed).toMatch(/^server exited with 1 before listening/)
      const lines = failed.split('\n').filter((line) => line.includes('Cannot start'))
      expect(lines.map(refusal)).toEqual([
        `Cannot start: port ${port} is in use by another program (is the site already running?): stop it, or set PORT to a free port.`,
      ])
      expect(failed).not.toMatch(/\n\s+at /)
      expect(await (await fetch(`http://localhost:${port}/healthz`)).text()).toBe('the other program')
    } finally {
      holder.closeAllConnections()
      holder.close()
    }
  })

  it('shuts down cleanly on SIGTERM, and keeps its data for the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'boosters-lifecycle-'))
    try {
      const first = await startServer({ dataDir, seed: 'demo' })
      const campaigns = await (await fetch(`${first.url}/api/campaigns`)).json()
      expect(await first.stop()).toBe(0)

      const second = await startServer({ dataDir, seed: 'demo' })
      // Seeding runs only on an empty database: nothing was lost or added twice.
      expect(await (await fetch(`${second.url}/api/campaigns`)).json()).toEqual(campaigns)
      expect(await second.stop()).toBe(0)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('shuts down cleanly on SIGTERM while it warms up, as soon as it listens', async () => {
    // A production start requests its own pages and admin over keep-alive connections; a connection busy at the signal
    // must not hold the close until the fallback, which exits 1 with the database still open.
    const server = await startServer({ env: { NODE_ENV: 'production', PAYLOAD_SECRET: randomBytes(32).toString('hex') } })
    expect(await server.stop()).toBe(0)
  })

  it('starts as `npm start` does (compiled server, development defaults) and serves the rendered home page', async () => {
    // scripts/start.mjs builds what is missing (here the server bundle), then runs dist/server.mjs in this environment.
    const server = await startServer({ compiled: true, seed: 'demo' })
    try {
      const home = await fetch(server.url + '/')
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('id="hero-title"')
      expect((await fetch(server.url + '/api/campaigns')).status).toBe(200)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})
