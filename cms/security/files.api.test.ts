import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { runServerCommand } from '../../testing/serverCommand'

/**
 * SECURITY.md §8: the database, its WAL and shared-memory files and every
 * backup are created readable by their owner only (the process umask), also
 * when the directory around them is open to everyone.
 */

const modeOf = (path: string) => statSync(path).mode & 0o777

describe('owner-only files', () => {
  let server: TestServer
  const dir = mkdtempSync(join(tmpdir(), 'boosters-files-'))

  beforeAll(async () => {
    // A shell umask of 022 would make new files 0644; the server sets its own.
    server = await startServer({ env: { DATABASE_URI: `file:${join(dir, 'data', 'site.db')}`, RATE_LIMIT_LOGIN: '1000' } })
    await loggedInAdmin(server.url) // writes: the WAL exists
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('creates the database, its WAL and shared-memory files 0600 and its directory 0700', () => {
    expect(process.umask() & 0o077).not.toBe(0o077) // the test runner's umask is the usual permissive one
    for (const suffix of ['', '-wal', '-shm']) expect(modeOf(join(dir, 'data', `site.db${suffix}`)).toString(8), suffix).toBe('600')
    expect(modeOf(join(dir, 'data')).toString(8)).toBe('700')
  })

  it('creates every backup 0600 from the start, in a new directory 0700', async () => {
    const target = join(dir, 'snapshots', 'nightly.tar.gz')
    const { code } = await runServerCommand('backup', [target], { ...process.env, NODE_ENV: 'test', DATABASE_URI: server.databaseUri })
    expect(code).toBe(0)
    expect(modeOf(target).toString(8)).toBe('600')
    expect(modeOf(join(dir, 'snapshots')).toString(8)).toBe('700')
  })
})
