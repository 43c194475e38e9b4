import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { ADMIN_READS, QUERY_READS } from '../../testing/endpoints'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §6 (backup): `npm run backup` takes a consistent snapshot while
 * the site serves, and a server started on the snapshot has the same records.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Runs `npm run backup`'s command (tsx cms/db/backup.ts) as a separate process. */
function runBackup(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cms/db/backup.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.on('exit', (code) => done({ code, output }))
  })
}

/**
 * Every admin list must come back identical from the snapshot. Not compared here: the session (`me`); the
 * contact messages, which are written during the backup and checked below as a consistent cut; the summary,
 * which counts them, and the email status, which counts their notices; the audit log and your sessions, which
 * record the logins made after the snapshot.
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

describe('backup and restore', () => {
  let server: TestServer
  let restored: TestServer | undefined
  let admin: ApiClient
  const dir = mkdtempSync(join(tmpdir(), 'boosters-backup-'))

  beforeAll(async () => {
    server = await startServer({ seed: 'demo', env: { RATE_LIMIT_FORMS: '1000000', RATE_LIMIT_LOGIN: '1000000' } })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    await restored?.stop()
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('snapshots while the site keeps serving, and a server on the snapshot gives back the same records', async () => {
    // Records that exist before the backup.
    expect(
      (await admin.post('/api/admin/campaigns', { name: 'Backup drive <b>', description: 'Before the snapshot', goalAmount: '250.75' }))
        .status,
    ).toBe(201)
    expect((await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Saved in the snapshot' })).status).toBe(200)
    expect(
      (await admin.post('/api/admin/team', { name: 'Kept Player', jerseyNumber: 42, position: 'Guard', grade: 'Senior' })).status,
    ).toBe(201)
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
    const snapshot = join(dir, 'snapshot.db')
    const backup = await runBackup({ DATABASE_URI: server.databaseUri }, [snapshot])
    serving = false
    await traffic
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).toMatch(/Backup written to .*snapshot\.db .*integrity ok/)
    expect(served).toBeGreaterThan(0) // the site answered while the snapshot was taken
    expect(statSync(snapshot).mode & 0o777).toBe(0o600)

    restored = await startServer({ env: { DATABASE_URI: `file:${snapshot}`, RATE_LIMIT_LOGIN: '1000000' } })
    const restoredAdmin = await loggedInAdmin(restored.url) // the admin account came back too
    for (const path of ADMIN_LISTS) {
      const [a, b] = [await admin.get(path), await restoredAdmin.get(path)]
      expect(b.status, path).toBe(a.status)
      expect(b.text, path).toBe(a.text)
    }
    // Those that need no query answer their records (the PDF statement needs a donor and a year: a 400 on both).
    for (const path of ADMIN_LISTS.filter((p) => !QUERY_READS.has(p))) expect((await restoredAdmin.get(path)).status, path).toBe(200)
    expect(
      (await restoredAdmin.get('/api/admin/campaigns')).json.some((c: any) => c.name === 'Backup drive <b>' && c.goalAmount === '250.75'),
    ).toBe(true)
    expect((await new ApiClient(restored.url).get('/api/campaigns')).json).toEqual((await visitor.get('/api/campaigns')).json)

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
  })

  it('writes to backups/<timestamp>.db by default and never overwrites a file', async () => {
    const backupsDir = resolve(repoRoot, 'backups')
    const existed = existsSync(backupsDir) ? new Set(readdirSync(backupsDir)) : new Set<string>()
    const result = await runBackup({ DATABASE_URI: server.databaseUri })
    expect(result.code, result.output).toBe(0)
    const created = readdirSync(backupsDir).filter((f) => !existed.has(f))
    try {
      expect(created).toHaveLength(1)
      expect(created[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/)
      const again = await runBackup({ DATABASE_URI: server.databaseUri }, [join(backupsDir, created[0])])
      expect(again.code).toBe(1)
      expect(again.output).toMatch(/already exists/)
    } finally {
      for (const f of created) rmSync(join(backupsDir, f), { force: true })
      if (existed.size === 0) rmSync(backupsDir, { recursive: true, force: true })
    }
  })

  it('points to mongodump for MongoDB, and refuses a missing database', async () => {
    const mongo = await runBackup({ DATABASE_URI: 'mongodb://localhost:27017/boosters' })
    expect(mongo.code).toBe(2)
    expect(mongo.output).toMatch(/mongodump/)
    const missing = await runBackup({ DATABASE_URI: `file:${join(dir, 'nope.db')}` }, [join(dir, 'x.db')])
    expect(missing.code).toBe(1)
    expect(missing.output).toMatch(/No database at/)
    expect(existsSync(join(dir, 'nope.db'))).toBe(false) // did not create an empty one
  })
})
