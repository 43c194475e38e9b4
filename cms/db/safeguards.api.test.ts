import { createClient } from '@libsql/client'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setReadOnly } from '../../testing/readOnly'
import { ApiClient, loggedInAdmin, newDataDir, startServer, TEST_ADMIN } from '../../testing/server'
import { runServerCommand } from '../../testing/serverCommand'

/**
 * What a volunteer can do by accident to a club's data, on a real database file holding a real gift, each with the
 * built server as the docs start it: a start with the wrong command or settings (demo content never enters it), an
 * older build on a newer database (refused, naming the release it needs), a read-only or full disk (every write
 * answered 503 with the reason, nothing half-written). docs/DEPLOY.md and UPGRADING.md say what to do in each case.
 */

/** The club's data, table by table: every table but the server's own bookkeeping (cms/db/seed.ts BOOKKEEPING). */
async function clubRows(file: string): Promise<Record<string, number>> {
  const db = createClient({ url: `file:${file}` })
  try {
    await db.execute('PRAGMA busy_timeout = 5000')
    const tables = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows
      .map((row) => String(row.name))
      .filter((name) => !/^(server_state|login_throttle|payload_(kv|locked_documents|preferences|migrations)\w*|sqlite_\w+)$/.test(name))
    const counts: Record<string, number> = {}
    for (const table of tables) counts[table] = Number((await db.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n)
    return counts
  } finally {
    db.close()
  }
}

const mediaFiles = (dataDir: string) => readdirSync(join(dataDir, 'media'), { recursive: true }).map(String).sort()

/** A new copy of the club's data folder, for one test to do its worst to. */
function copyOf(club: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'boosters-safeguards-'))
  cpSync(club, dir, { recursive: true })
  return dir
}

async function png(): Promise<Blob> {
  const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer()
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' })
}

describe("a club's data against a volunteer's accidents", () => {
  /** The club: one admin (signed in: `cookie`), one real gift recorded by hand, one photo. */
  let club: string
  let cookie: string
  let before: Record<string, number>
  const copies: string[] = []
  const copy = () => {
    const dir = copyOf(club)
    copies.push(dir)
    return dir
  }

  beforeAll(async () => {
    club = newDataDir()
    const server = await startServer({ dataDir: club })
    try {
      const admin = await loggedInAdmin(server.url)
      const gift = await admin.post('/api/admin/donations', {
        donorName: 'Ruth Real',
        donorEmail: 'ruth@example.org',
        amount: '75.00',
        paymentMethod: 'check',
        status: 'completed',
      })
      expect(gift.status, gift.text).toBe(201)
      const form = new FormData()
      form.append('file', await png(), 'team.png')
      form.append('_payload', JSON.stringify({ alt: 'The team' }))
      const upload = await fetch(`${server.url}/cms-api/media`, {
        method: 'POST',
        headers: { Origin: server.url, Cookie: admin.cookie },
        body: form,
      })
      expect(upload.status).toBe(201)
      cookie = admin.cookie
    } finally {
      await server.stop()
    }
    before = await clubRows(join(club, 'test.db'))
    expect(before).toMatchObject({ donations: 1, admin_users: 1, media: 1 })
  })
  afterAll(() => {
    for (const dir of [club, ...copies]) rmSync(dir, { recursive: true, force: true })
  })

  it('reads .env at `npm start` (the command line wins over it), adds no demo content, and names each misleading setting in one line', async () => {
    // `npm start` on a server, in a folder with the club's .env (as .env.example makes it: production, SEED=none, the
    // secret only there) and SEED=demo given on the command line, which wins over the file.
    const install = mkdtempSync(join(tmpdir(), 'boosters-install-'))
    copies.push(install)
    cpSync(club, join(install, 'data'), { recursive: true })
    for (const file of readdirSync(join(install, 'data')).filter((f) => f.startsWith('test.db')))
      renameSync(join(install, 'data', file), join(install, 'data', file.replace('test.db', 'boosters.db')))
    writeFileSync(
      join(install, '.env'),
      [
        'NODE_ENV=production',
        `PAYLOAD_SECRET=${randomBytes(32).toString('hex')}`,
        'SEED=none',
        'TRUST_PROXY=172.28.0.1,172.28.0.10',
        'BUILD_ID=',
        'BACKUP_EVERY_HOURS=0',
        'LOG_LEVEL=info',
      ].join('\n'),
    )
    const production = await startServer({
      compiled: true,
      bare: true,
      cwd: install,
      dataDir: join(install, 'data'),
      env: { SEED: 'demo' },
    })
    try {
      // The settings came from .env (production refuses to start without its secret), the build from the build.
      const health = (await new ApiClient(production.url).get('/healthz')).json
      expect(health).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+$/), build: 'dev' })
      // Settings that mislead, one warning line each: compose's proxy addresses outside Docker, every interface, no
      // club contact address; and at the first forwarded request from an address TRUST_PROXY does not name.
      expect((await fetch(`${production.url}/api/campaigns`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(200)
      // (Sorted: the server's lines and Payload's logger write on their own schedules.)
      await expect
        .poll(() => warnings(production.output()).sort())
        .toEqual([
          expect.stringMatching(/^No club contact address/),
          expect.stringMatching(
            /^Requests with X-Forwarded-For arrive from (::ffff:)?127\.0\.0\.1, which TRUST_PROXY \(172\.28\.0\.1,172\.28\.0\.10\) does not name.*TRUST_PROXY=loopback/,
          ),
          expect.stringMatching(/^SEED=demo: no demo content added, the database holds the club's data \(.*donations: 1.*\)$/),
          expect.stringMatching(
            /^TRUST_PROXY=172\.28\.0\.1,172\.28\.0\.10 names compose's addresses, but this server does not run in compose's network.*TRUST_PROXY=loopback/,
          ),
          expect.stringMatching(/^The server listens on every interface \(HOST is not set\).*HOST=127\.0\.0\.1/),
        ])
    } finally {
      await production.stop()
    }
    expect(await clubRows(join(install, 'data', 'boosters.db'))).toEqual(before)
  })

  it('adds no demo content to a database holding one real gift, whatever SEED and NODE_ENV say, and says why in one line', async () => {
    // A development start with no setting at all, the issue's `npm start` without .env: SEED defaults to demo.
    const bare = copy()
    const development = await startServer({
      bare: true,
      cwd: bare,
      env: { DATABASE_URI: `file:${join(bare, 'test.db')}`, BACKUP_EVERY_HOURS: '0' },
    })
    await development.stop()
    expect(development.output()).toMatch(/"msg":"SEED=demo: no demo content added, the database holds the club's data \([^)]*donations: 1/)
    expect(await clubRows(join(bare, 'test.db'))).toEqual(before)

    // Production without SEED: not even an empty database gets demo content.
    const empty = newDataDir()
    copies.push(empty)
    const first = await startServer({
      bare: true,
      cwd: empty,
      env: {
        NODE_ENV: 'production',
        PAYLOAD_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URI: `file:${join(empty, 'test.db')}`,
        BACKUP_EVERY_HOURS: '0',
      },
    })
    await first.stop()
    expect(Object.values(await clubRows(join(empty, 'test.db'))).every((n) => n === 0)).toBe(true)
    // Two servers one after another: longer than one API test.
  }, 150_000)

  it('refuses to start an older build on a database a newer release upgraded, naming that release, and changes nothing', async () => {
    const dir = copy()
    const db = createClient({ url: `file:${join(dir, 'test.db')}` })
    await db.execute("INSERT INTO payload_migrations (id, name, batch) VALUES (9999, '20991231_000000_newer_schema', 99)")
    await db.execute({
      sql: "UPDATE server_state SET stamp = ? WHERE key = 'schema:release'",
      args: [JSON.stringify({ version: '9.2.0', build: 'abc1234', migration: '20991231_000000_newer_schema' })],
    })
    db.close()
    const run = await runServerCommand('server', [], {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URI: `file:${join(dir, 'test.db')}`,
      PAYLOAD_SECRET: 'test-secret-not-for-production-0123456789',
      LOG_LEVEL: 'warn',
      BACKUP_EVERY_HOURS: '0',
    })
    expect(run.code).toBe(1)
    const line = JSON.parse(run.stderr.trim()) as { level: number; msg: string }
    expect(line.level).toBe(60)
    expect(line.msg).toMatch(
      /^Cannot start: the database was upgraded by release 9\.2\.0 \(schema 20991231_000000_newer_schema\), and this build is release \d+\.\d+\.\d+ \(schema \d{8}_\d{6}_\w+\): it needs release 9\.2\.0 or later\. Run that release, or roll back with the backup taken before the upgrade/,
    )
    expect(await clubRows(join(dir, 'test.db'))).toEqual(before)
  })

  /** Every kind of write, through each door: our API, a visitor's form, Payload's REST and its upload, the Stripe webhook. */
  const everyWrite = (url: string) => {
    const headers = { Origin: url, Cookie: cookie, 'Content-Type': 'application/json' }
    const json = (method: string, path: string, body: unknown) => fetch(url + path, { method, headers, body: JSON.stringify(body) })
    return [
      json('POST', '/api/admin/donations', { donorName: 'Late', donorEmail: 'late@example.org', amount: '5.00', paymentMethod: 'cash' }),
      json('PUT', '/api/admin/content', { section: 'hero', key: 'title', value: 'Never saved' }),
      json('POST', '/api/contact', { name: 'Visitor', email: 'v@example.org', message: 'Hello there' }),
      json('POST', '/cms-api/games', {
        opponent: 'Nowhere High',
        gameDate: '2027-01-09',
        gameTime: '19:00',
        location: 'Gym',
        isHome: true,
      }),
      png().then((file) => {
        const form = new FormData()
        form.append('file', file, 'late.png')
        form.append('_payload', JSON.stringify({ alt: 'Late' }))
        return fetch(`${url}/cms-api/media`, { method: 'POST', headers: { Origin: url, Cookie: cookie }, body: form })
      }),
      fetch(`${url}/api/stripe/webhook`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
      fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { Origin: url, 'Content-Type': 'application/json' },
        body: JSON.stringify(TEST_ADMIN),
      }),
    ]
  }

  it('answers every write 503 with a plain reason while the data folder is read-only, says so, and writes again once it is not', async () => {
    const dir = copy()
    const server = await startServer({ dataDir: dir })
    const admin = new ApiClient(server.url)
    admin.cookie = cookie
    try {
      setReadOnly(dir, true)
      try {
        await expect
          .poll(async () => (await new ApiClient(server.url).get('/healthz')).json)
          .toMatchObject({ status: 'disk read-only', storage: 'read-only' })
        expect((await fetch(`${server.url}/healthz`)).status).toBe(503)
        for (const answer of await Promise.all(everyWrite(server.url))) {
          expect(answer.status, answer.url).toBe(503)
          expect((await answer.json()).error, answer.url).toMatch(
            /^The server cannot write to .*: nothing can be saved until it is writable again\. Nothing was changed\.$/,
          )
        }
        // The contact form posted without JavaScript gets the sentence itself.
        const form = await fetch(`${server.url}/`, {
          method: 'POST',
          headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ name: 'Visitor', email: 'v@example.org', message: 'Hello there' }),
        })
        expect([form.status, form.headers.get('content-type'), await form.text()]).toEqual([
          503,
          'text/plain; charset=utf-8',
          expect.stringMatching(/^The server cannot write to .*Nothing was changed\.$/),
        ])
        // Reads go on; the Overview says why saving stopped.
        expect((await fetch(`${server.url}/api/campaigns`)).status).toBe(200)
        expect((await admin.get('/api/admin/summary')).json.server).toMatchObject({
          storage: { problem: 'read-only', message: expect.stringMatching(/^The server cannot write to /) },
        })
      } finally {
        setReadOnly(dir, false)
      }
      expect(await clubRows(join(dir, 'test.db'))).toEqual(before)
      expect(mediaFiles(dir)).toEqual(mediaFiles(club))
      // Writable again: the next save goes through without a restart.
      await expect
        .poll(async () => (await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Saved again' })).status)
        .toBe(200)
    } finally {
      await server.stop()
    }
  })

  it('answers every write 503 with a plain reason while the disk is full, and says so in /healthz and the Overview', async () => {
    const dir = copy()
    // Less free than the reserve it must keep (DISK_RESERVE_MB): full, as far as the server is concerned.
    const server = await startServer({ dataDir: dir, env: { DISK_RESERVE_MB: String(1024 ** 3) } })
    try {
      const health = await new ApiClient(server.url).get('/healthz')
      expect([health.status, health.json.status, health.json.storage]).toEqual([503, 'disk full', 'full'])
      for (const answer of await Promise.all(everyWrite(server.url))) {
        expect(answer.status, answer.url).toBe(503)
        expect((await answer.json()).error, answer.url).toMatch(
          /^The server's disk is full \(\d+ MB free of the \d+ MB kept in reserve, DISK_RESERVE_MB\): nothing can be saved until space is freed\. Nothing was changed\.$/,
        )
      }
      const admin = new ApiClient(server.url)
      admin.cookie = cookie
      expect((await admin.get('/api/admin/summary')).json.server.storage).toMatchObject({ problem: 'full' })
    } finally {
      await server.stop()
    }
    expect(await clubRows(join(dir, 'test.db'))).toEqual(before)
    expect(mediaFiles(dir)).toEqual(mediaFiles(club))
  })
})

/** The `msg` of every warning line a server printed. */
const warnings = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 40 && !/No email adapter/.test(line.msg))
    .map((line) => line.msg)
