import { createClient } from '@libsql/client'
import { execFileSync } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { allPages } from '../../testing/allPages'
import { databaseTargets, mongoDatabaseUri } from '../../testing/databases'
import { ADMIN_READS, QUERY_READS, SOME_ID } from '../../testing/endpoints'
import { upload } from '../../testing/photos'
import { freePort } from '../../testing/port'
import { setReadOnly } from '../../testing/readOnly'
import { ApiClient, loggedInAdmin, newDataDir, startServer, type TestServer } from '../../testing/server'
import { runServerCommand } from '../../testing/serverCommand'

/**
 * SECURITY.md §6 and docs/DEPLOY.md "Backups": the database and the uploads are backed up on a
 * schedule and on demand while the site serves, to data/backups or to S3-compatible storage, the last BACKUP_KEEP
 * kept; `restore` puts a backup into a fresh site, which then has the same records and the same photos. On SQLite,
 * and on MongoDB too when MONGODB_URI is set (testing/databases.ts; each server then has its own DATA_DIR).
 */

/** `node dist/backup.mjs` / `dist/restore.mjs` as the image runs them, in a process of their own (testing/serverCommand.ts). */
const run = (command: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) =>
  runServerCommand(command, args, { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env })

/**
 * Every admin list must come back identical from the backup. Not compared here: the session (`me`); the contact
 * messages, which are written during the backup and checked below as a consistent cut; the summary, which counts
 * them, and the email status, which counts their notices; the audit log and your sessions, which record the logins
 * made after the backup.
 */
const NOT_COMPARED = new Set([
  '/api/admin/me',
  '/api/admin/sessions',
  '/api/admin/contact-messages',
  '/api/admin/summary',
  '/api/admin/email-status',
  '/api/admin/audit-log',
])
const ADMIN_LISTS = ADMIN_READS.filter((path) => !NOT_COMPARED.has(path))

const archivesIn = (dir: string, kind = 'backup') =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(`${kind}-`) && f.endsWith('.tar.gz')) : []

async function uploadPhoto(client: ApiClient, name: string): Promise<{ path: string; bytes: Buffer }> {
  const bytes = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#7c2d12' } })
    .png()
    .toBuffer()
  const { status, json } = await upload(client, bytes, name, 'image/png', 'Team photo')
  expect(status, JSON.stringify(json)).toBe(201)
  const path = new URL(json.doc.url, client.baseUrl).pathname
  // Payload's REST takes the session cookie with the site's own Origin only.
  const stored = await fetch(`${client.baseUrl}${path}`, { headers: { Origin: client.baseUrl, Cookie: client.cookie } })
  expect(stored.status).toBe(200)
  return { path, bytes: Buffer.from(await stored.arrayBuffer()) }
}

describe.each(databaseTargets)('backup and restore on $name', ({ name: database, env: databaseEnv }) => {
  let server: TestServer
  let restored: TestServer | undefined
  let admin: ApiClient
  const dir = mkdtempSync(join(tmpdir(), 'boosters-backup-'))
  // A fresh machine's data directory: nothing but what the restore puts there.
  const fresh = join(dir, 'fresh')
  const isMongo = database === 'mongodb'
  /** The commands' settings for a site: its database and, on MongoDB, where its uploads and backups are. */
  const siteEnv = (databaseUri: string, dataDir: string): Record<string, string> =>
    isMongo ? { DATABASE_URI: databaseUri, DATA_DIR: dataDir } : { DATABASE_URI: databaseUri }
  const health = async () => (await new ApiClient(server.url).get('/healthz')).json
  const summary = async () => (await admin.get('/api/admin/summary')).json.backup
  let atFirstStart: { health: any; summary: any; archive: string; bytes: number; mode: number }

  beforeAll(async () => {
    // The schedule on, as in production: its first backup runs at the first start.
    server = await startServer({
      seed: 'demo',
      env: { ...databaseEnv, RATE_LIMIT_FORMS: '1000000', RATE_LIMIT_LOGIN: '1000000', BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '2' },
    })
    admin = await loggedInAdmin(server.url)
    // The first start's backup, read before any test runs: another test's backup would be the newest afterwards.
    const backups = join(server.dataDir, 'backups')
    // (vi.waitFor: expect.poll is for tests, not hooks.)
    await vi.waitFor(async () => expect([archivesIn(backups).length, (await health()).backup.last]).toEqual([1, expect.any(String)]), {
      timeout: 30_000,
      interval: 50,
    })
    const archive = join(backups, archivesIn(backups)[0])
    atFirstStart = {
      health: await health(),
      summary: await summary(),
      archive,
      bytes: statSync(archive).size,
      mode: statSync(archive).mode,
    }
  })
  afterAll(async () => {
    await restored?.stop()
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('backs up at the first start and says so in /healthz; on demand too, keeping the last BACKUP_KEEP', async () => {
    const backups = join(server.dataDir, 'backups')
    const first = atFirstStart.health
    expect(first).toMatchObject({ status: 'ok', backup: { everyHours: 24, overdue: false } })
    expect(atFirstStart.mode & 0o777).toBe(0o600)

    // The admins' Overview reads the same: when, where, how large; nothing failed.
    const newest = () => join(backups, archivesIn(backups).sort().at(-1)!)
    expect(atFirstStart.summary).toEqual({
      last: first.backup.last,
      location: atFirstStart.archive,
      bytes: atFirstStart.bytes,
      everyHours: 24,
      atHour: 3,
      timeZone: 'America/Chicago',
      overdue: false,
      keep: 2,
      failedAt: null,
      failure: null,
      storeFailure: null,
      restored: null,
    })
    expect((await new ApiClient(server.url).get('/api/admin/summary')).status).toBe(401)

    for (let i = 0; i < 2; i++) {
      const result = await run('backup', { ...siteEnv(server.databaseUri, server.dataDir), BACKUP_KEEP: '2' })
      expect(result.code, result.output).toBe(0)
      expect(result.output).toMatch(/Backup written to .*backups\/backup-[\dT-]+Z\.tar\.gz \(\d+ bytes, the database and \d+ uploaded file/)
    }
    // Three written, the oldest (the scheduled one) gone; /healthz names the newest time.
    const kept = archivesIn(backups).sort()
    expect(kept).toHaveLength(2)
    expect(Date.parse((await health()).backup.last)).toBeGreaterThan(Date.parse(first.backup.last))
    expect(await summary()).toMatchObject({ last: (await health()).backup.last, location: newest(), bytes: statSync(newest()).size })
  })

  it('backs up while the site serves; restored into a fresh site, the records and the photos are back', async () => {
    expect(
      (await admin.post('/api/admin/campaigns', { name: 'Backup drive <b>', description: 'Before the snapshot', goalAmount: '250.75' }))
        .status,
    ).toBe(201)
    expect((await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Saved in the snapshot' })).status).toBe(200)
    const photo = await uploadPhoto(admin, 'team-night.png')
    const visitor = new ApiClient(server.url)
    const before: string[] = []
    for (let i = 0; i < 20; i++)
      before.push((await visitor.post('/api/contact', { name: `Before ${i}`, email: 'b@example.com', message: 'kept' })).json.id)

    // Visitors keep writing and reading while the backup runs.
    let serving = true
    const during: string[] = []
    let served = 0
    const traffic = (async () => {
      let i = 0
      while (serving) {
        const [post, get] = await Promise.all([
          visitor.post('/api/contact', { name: `During ${i++}`, email: 'd@example.com', message: 'maybe' }),
          visitor.get('/api/campaigns'),
        ])
        expect(post.status).toBe(201)
        expect(get.status).toBe(200)
        during.push(post.json.id)
        served++
      }
    })()
    // The backup starts once visitors are being served, not after a guessed delay.
    await expect.poll(() => served).toBeGreaterThan(0)
    const archive = join(dir, 'club.tar.gz')
    const backup = await run('backup', siteEnv(server.databaseUri, server.dataDir), [archive])
    serving = false
    await traffic
    expect(backup.code, backup.output).toBe(0)
    expect(served).toBeGreaterThan(0) // the site answered while the backup was taken
    expect(statSync(archive).mode & 0o777).toBe(0o600)
    const again = await run('backup', siteEnv(server.databaseUri, server.dataDir), [archive])
    expect([again.code, again.output]).toEqual([1, expect.stringMatching(/^Cannot back up: .*already exists/)])

    // A fresh machine: nothing but the archive, then the one command, then the server.
    const freshUri = isMongo ? mongoDatabaseUri() : `file:${join(fresh, 'test.db')}`
    const restore = await run('restore', siteEnv(freshUri, fresh), [archive])
    expect(restore.code, restore.output).toBe(0)
    expect(restore.output).toMatch(/^Restored club\.tar\.gz/)
    restored = await startServer({ dataDir: fresh, env: { DATABASE_URI: freshUri, RATE_LIMIT_LOGIN: '1000000' } })
    const restoredAdmin = await loggedInAdmin(restored.url) // the admin account came back too
    // Its backup status is the restored state's: the last backup of this data is the archive it came from, made when it
    // was, and the Overview names the restore; no failure or overdue from before.
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', archive, 'manifest.json'], { encoding: 'utf8' }))
    expect((await restoredAdmin.get('/api/admin/summary')).json.backup).toMatchObject({
      last: manifest.createdAt,
      location: archive,
      bytes: statSync(archive).size,
      failedAt: null,
      overdue: false,
      restored: { name: 'club.tar.gz', at: expect.any(String) },
    })
    for (const path of ADMIN_LISTS) {
      const [a, b] = [await admin.get(path), await restoredAdmin.get(path)]
      expect(b.status, path).toBe(a.status)
      expect(b.text, path).toBe(a.text)
    }
    // (One record's file or history, read for the sweeps' sample id, answers 404 on both sides.)
    for (const path of ADMIN_LISTS.filter((p) => !QUERY_READS.has(p) && !p.includes(SOME_ID)))
      expect((await restoredAdmin.get(path)).status, path).toBe(200)
    expect(
      (await restoredAdmin.get('/api/admin/campaigns')).json.some((c: any) => c.name === 'Backup drive <b>' && c.goalAmount === '250.75'),
    ).toBe(true)
    expect((await new ApiClient(restored.url).get('/api/campaigns')).json).toEqual((await visitor.get('/api/campaigns')).json)
    // The photo: its record and its file, byte for byte.
    const file = await fetch(`${restored.url}${photo.path}`, { headers: { Origin: restored.url, Cookie: restoredAdmin.cookie } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(photo.bytes)).toBe(true)
    const media = (await restoredAdmin.get('/cms-api/media?limit=100')).json.docs
    expect(media.map((d: any) => new URL(d.url, restored!.url).pathname)).toContain(photo.path)

    // Messages: everything written before the backup, and a consistent cut of those written during it.
    const original = await allPages<{ id: string }>(admin, '/api/admin/contact-messages')
    const copy = await allPages<{ id: string }>(restoredAdmin, '/api/admin/contact-messages')
    const copyIds = new Set(copy.map((m) => m.id))
    for (const id of before) expect(copyIds.has(id), `message ${id} written before the backup`).toBe(true)
    const originalById = new Map(original.map((m) => [m.id, m]))
    for (const m of copy) expect(m).toEqual(originalById.get(m.id))
    // Snapshot = a prefix of the writes: if a message from during the backup is in it, so is every earlier one.
    const kept = during.map((id) => copyIds.has(id))
    const firstMissing = kept.indexOf(false)
    if (firstMissing !== -1) expect(kept.slice(firstMissing).every((k) => !k)).toBe(true)

    // A backup is not put into the other kind of database (refused before connecting).
    const other = isMongo ? `file:${join(dir, 'other', 'site.db')}` : 'mongodb://127.0.0.1:9/boosters'
    const wrongKind = await run('restore', siteEnv(other, join(dir, 'other')), [archive])
    expect([wrongKind.code, wrongKind.output.trim()]).toEqual([1, expect.stringMatching(`^Cannot restore: .*holds a ${database} database`)])
    // Two commands and a second server: longer than one API test.
  }, 150_000)
})

/** The commands' refusals need no server: once, on SQLite. */
describe('backup and restore refusals', () => {
  const dir = mkdtempSync(join(tmpdir(), 'boosters-backup-refusals-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('refuses what it cannot do with one clear line and changes nothing', async () => {
    const uri = `file:${join(dir, 'nope', 'nope.db')}`
    const missing = await run('backup', { DATABASE_URI: uri }, [join(dir, 'x.tar.gz')])
    expect([missing.code, missing.output.trim()]).toEqual([1, expect.stringMatching(/^Cannot back up: No database at .*nope\.db/)])
    expect(existsSync(join(dir, 'nope', 'nope.db'))).toBe(false) // did not create an empty one

    const usage = await run('restore', { DATABASE_URI: uri })
    expect([usage.code, usage.output.trim()]).toEqual([1, expect.stringMatching(/^Cannot restore: Usage: node dist\/restore\.mjs/)])
    const absent = await run('restore', { DATABASE_URI: uri }, ['backup-1999.tar.gz'])
    expect([absent.code, absent.output.trim()]).toEqual([1, expect.stringMatching(/^Cannot restore: No backup at /)])
    const notArchive = join(dir, 'notes.tar.gz')
    writeFileSync(notArchive, 'not a backup')
    const wrong = await run('restore', { DATABASE_URI: uri }, [notArchive])
    expect(wrong.code).toBe(1)
    expect(wrong.output.trim()).toMatch(/^Cannot restore: /)
    expect(wrong.output).not.toMatch(/\n\s+at /) // no stack trace
    expect(existsSync(join(dir, 'nope', 'nope.db'))).toBe(false)
  })

  it('checks an archive whole before it touches the live data: a damaged one leaves the site exactly as it was', async () => {
    // A site's data (a database, one photo) and a good backup of it, then that backup damaged in every way a copy can be.
    const site = newDataDir()
    const uri = `file:${join(site, 'test.db')}`
    mkdirSync(join(site, 'media'))
    writeFileSync(join(site, 'media', 'team.png'), 'a photo')
    const good = join(dir, 'good.tar.gz')
    expect((await run('backup', { DATABASE_URI: uri }, [good])).code).toBe(0)
    const unpacked = join(dir, 'unpacked')
    const damaged = async (name: string, damage: () => void | Promise<void>) => {
      rmSync(unpacked, { recursive: true, force: true })
      mkdirSync(unpacked)
      execFileSync('tar', ['-xzf', good, '-C', unpacked])
      await damage()
      const archive = join(dir, name)
      execFileSync('tar', ['-czf', archive, '-C', unpacked, '.'])
      return archive
    }
    const cut = join(dir, 'cut.tar.gz')
    writeFileSync(cut, readFileSync(good).subarray(0, Math.floor(statSync(good).size / 2)))
    const cases: Array<[string, RegExp]> = [
      [cut, /^Cannot restore: cut\.tar\.gz is damaged: it cannot be read whole \(.+\)\. Nothing was changed\.$/],
      [await damaged('no-database.tar.gz', () => rmSync(join(unpacked, 'database.db'))), /holds no database \(database\.db is missing\)/],
      [
        await damaged('garbled.tar.gz', () => writeFileSync(join(unpacked, 'database.db'), Buffer.alloc(8192, 7))),
        /its database\.db (does not open|is damaged)/,
      ],
      [
        await damaged('photo-missing.tar.gz', () => rmSync(join(unpacked, 'media', 'team.png'))),
        /1 of its 1 uploaded files are missing or cut short \(team\.png\)/,
      ],
      [
        await damaged('photo-cut.tar.gz', () => truncateSync(join(unpacked, 'media', 'team.png'), 3)),
        /1 of its 1 uploaded files are missing or cut short/,
      ],
      [
        await damaged('newer.tar.gz', async () => {
          const db = createClient({ url: `file:${join(unpacked, 'database.db')}` })
          await db.execute("INSERT INTO payload_migrations (id, name, batch) VALUES (9999, '20991231_000000_newer_schema', 99)")
          db.close()
        }),
        /the database was upgraded by a newer release \(schema 20991231_000000_newer_schema\).*restore it with that release/,
      ],
    ]
    const live = () => ({
      database: createHash('sha256')
        .update(readFileSync(join(site, 'test.db')))
        .digest('hex'),
      files: readdirSync(site).sort(),
    })
    const before = live()
    for (const [archive, why] of cases) {
      const result = await run('restore', { DATABASE_URI: uri }, [archive])
      expect([result.code, result.output.trim()], archive).toEqual([1, expect.stringMatching(why)])
      expect(result.output).toMatch(/^Cannot restore: .*Nothing was changed\.\n$/)
      expect(live(), archive).toEqual(before)
      expect(readFileSync(join(site, 'media', 'team.png'), 'utf8')).toBe('a photo')
    }
    // The good one still restores.
    expect((await run('restore', { DATABASE_URI: uri }, [good])).code).toBe(0)
    rmSync(site, { recursive: true, force: true })
    // Eight commands one after another: longer than one API test.
  }, 150_000)
})

/** AWS Signature V4 checked as S3 checks it, written here from AWS's description (not with the client's code). */
function validSignature(req: IncomingMessage, secret: string): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=[^/]+\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    )
  if (!match) return false
  const [, date, region, signedHeaders, signature] = match
  const url = new URL(req.url!, 'http://stand-in')
  const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  const query = [...url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&')
  const headers = signedHeaders
    .split(';')
    .map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`)
    .join('')
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, req.headers['x-amz-content-sha256']].join('\n')
  const scope = `${date}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', req.headers['x-amz-date'], scope, createHash('sha256').update(canonical).digest('hex')].join('\n')
  const key = [date, region, 's3', 'aws4_request'].reduce<Buffer | string>(
    (k, part) => createHmac('sha256', k).update(part).digest(),
    `AWS4${secret}`,
  )
  return createHmac('sha256', key).update(toSign).digest('hex') === signature
}

describe('backups to S3-compatible storage', () => {
  const SECRET = 'stand-in-secret-access-key'
  const objects = new Map<string, Buffer>()
  const requests: Array<{ method: string; path: string; signed: boolean }> = []
  let refuse = false
  // Uploads and deletions refused, reads answered: the archive chosen for a restore stays while the restore runs.
  let frozen = false
  let storage: Server
  let server: TestServer
  let bucketUrl: string

  beforeAll(async () => {
    // A stand-in for S3: stores objects in memory, answers ListObjectsV2, and refuses any request whose signature
    // does not check out with the secret (403, as S3 does).
    storage = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => {
        const url = new URL(req.url!, 'http://stand-in')
        const signed = validSignature(req, SECRET)
        requests.push({ method: req.method!, path: url.pathname, signed })
        if (!signed || refuse) return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
        if (frozen && req.method !== 'GET') return res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>')
        const key = decodeURIComponent(url.pathname.slice(1))
        if (req.method === 'PUT') {
          if (Number(req.headers['content-length']) !== Buffer.concat(chunks).length) return res.writeHead(400).end('length')
          objects.set(key, Buffer.concat(chunks))
          return res.writeHead(200).end()
        }
        if (req.method === 'DELETE') return (objects.delete(key), res.writeHead(204).end())
        if (url.searchParams.get('list-type') === '2') {
          const prefix = `${key}/${url.searchParams.get('prefix') ?? ''}`
          const keys = [...objects.keys()]
            .filter((k) => k.startsWith(prefix))
            .map((k) => `<Contents><Key>${k.slice(key.length + 1)}</Key></Contents>`)
          return res.writeHead(200, { 'Content-Type': 'application/xml' }).end(`<ListBucketResult>${keys.join('')}</ListBucketResult>`)
        }
        const object = objects.get(key)
        return object ? res.writeHead(200).end(object) : res.writeHead(404).end()
      })
    })
    const port = await freePort()
    await new Promise<void>((done) => storage.listen(port, '127.0.0.1', done))
    bucketUrl = `http://127.0.0.1:${port}/club-bucket/boosters`
    // Every 5.4 s, to see the schedule go on and, once the storage refuses, /healthz turn 503 after two intervals.
    server = await startServer({
      seed: 'demo',
      env: {
        BACKUP_EVERY_HOURS: '0.0015',
        BACKUP_KEEP: '2',
        BACKUP_S3_URL: bucketUrl,
        BACKUP_S3_ACCESS_KEY_ID: 'STANDINKEY',
        BACKUP_S3_SECRET_ACCESS_KEY: SECRET,
        BACKUP_S3_REGION: 'us-east-1',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await new Promise((done) => storage?.close(done))
  })

  it('uploads signed archives, keeps the last BACKUP_KEEP there, restores one by name, and says when backups stop', async () => {
    const names = () => [...objects.keys()].filter((k) => k.startsWith('club-bucket/boosters/backup-'))
    // Three scheduled backups: the third one's upload is followed by deleting the first.
    await expect.poll(() => requests.filter((r) => r.method === 'PUT').length).toBeGreaterThanOrEqual(3)
    await expect.poll(() => requests.some((r) => r.method === 'DELETE')).toBe(true)
    expect(requests.every((r) => r.signed)).toBe(true)
    expect(names().length).toBeLessThanOrEqual(2)
    expect(readdirSync(join(server.dataDir, 'backups')).filter((f) => f.endsWith('.tar.gz'))).toEqual([]) // nothing left locally

    // Restored by its name from the storage into a fresh site's directory (the newest: the schedule goes on, but
    // may not replace it meanwhile).
    frozen = true
    const name = names().sort().at(-1)!.split('/').pop()!
    const fresh = mkdtempSync(join(tmpdir(), 'boosters-s3-restored-'))
    try {
      const restore = await run(
        'restore',
        {
          DATABASE_URI: `file:${join(fresh, 'site.db')}`,
          BACKUP_S3_URL: bucketUrl,
          BACKUP_S3_ACCESS_KEY_ID: 'STANDINKEY',
          BACKUP_S3_SECRET_ACCESS_KEY: SECRET,
          BACKUP_S3_REGION: 'us-east-1',
        },
        [name],
      )
      expect(restore.code, restore.output).toBe(0)
      const db = createClient({ url: `file:${join(fresh, 'site.db')}` })
      expect(Number((await db.execute('SELECT count(*) AS n FROM campaigns')).rows[0].n)).toBeGreaterThan(0)
      db.close()
    } finally {
      rmSync(fresh, { recursive: true, force: true })
    }

    // The storage refuses from now on: each backup is kept on the server instead, the last BACKUP_KEEP of them, and the
    // Overview says so; the site stays healthy, since a backup was written.
    refuse = true
    const admin = await loggedInAdmin(server.url)
    const local = () => archivesIn(join(server.dataDir, 'backups'))
    await expect
      .poll(async () => (await admin.get('/api/admin/summary')).json.backup.storeFailure)
      .toMatch(/^S3 storage answered 403 to PUT http:\/\/127\.0\.0\.1:\d+\/club-bucket\/boosters\/backup-/)
    await expect.poll(() => local().length).toBe(2)
    const kept = (await admin.get('/api/admin/summary')).json.backup
    expect(kept).toMatchObject({
      overdue: false,
      failedAt: null,
      keep: 2,
      location: expect.stringContaining(join(server.dataDir, 'backups', 'backup-')),
    })
    expect(server.output()).toMatch(/The backup storage refused the backup: it is kept on this server instead/)
    const health = await fetch(`${server.url}/healthz`)
    expect([health.status, (await health.json()).backup.storeFailing]).toEqual([200, true])
    // Still two, however many more run (BACKUP_KEEP), the oldest going first.
    const seen = new Set(local())
    await expect.poll(() => local().some((name) => !seen.has(name))).toBe(true)
    await expect.poll(() => local().length).toBe(2)

    // When even this disk refuses, there is no backup at all: two intervals later /healthz says so, loudly.
    setReadOnly(join(server.dataDir, 'backups'), true)
    try {
      await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status).toBe(503)
      expect((await (await fetch(`${server.url}/healthz`)).json()).status).toBe('backup overdue')
      expect(server.output()).toMatch(/The scheduled backup failed/)
      const backup = (await admin.get('/api/admin/summary')).json.backup
      expect(backup, JSON.stringify(backup)).toMatchObject({
        overdue: true,
        failure: expect.stringMatching(/SQLITE_CANTOPEN|EACCES|EPERM/),
      })
      expect(Date.parse(backup.failedAt)).toBeGreaterThan(Date.parse(backup.last))
    } finally {
      setReadOnly(join(server.dataDir, 'backups'), false)
    }
  })
})
