import { createClient } from '@libsql/client'
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { env, envProblem } from '../env'
import { ownerOnlyFiles } from './ownerOnlyFiles'
import { SQLITE_BUSY_TIMEOUT_MS } from './adapter'

// The snapshot holds password hashes and visitors' messages: created owner-only.
ownerOnlyFiles()

/**
 * `npm run backup [-- <file>]`: a consistent snapshot of the SQLite database,
 * taken while the site keeps serving (SQLite's VACUUM INTO reads one
 * transaction-consistent view; in WAL mode it does not stop writers).
 * Default target: backups/<timestamp>.db. Restore: see SECURITY.md "Backup and restore".
 */

const problem = envProblem()
if (problem) fail(problem)

if (env.isMongo) {
  console.error(
    [
      "DATABASE_URI points at MongoDB: back it up with MongoDB's own tool, mongodump, for example",
      '  mongodump --uri "$DATABASE_URI" --gzip --archive=backups/boosters-$(date +%Y%m%dT%H%M%S).archive.gz',
      'and restore with',
      '  mongorestore --uri "$DATABASE_URI" --gzip --archive=<file> --drop',
      'Nothing was written.',
    ].join('\n'),
  )
  process.exit(2)
}

const sourcePath = resolve(env.DATABASE_URI.replace(/^file:(\/\/)?/, ''))
if (!existsSync(sourcePath)) fail(`No database at ${sourcePath} (DATABASE_URI=${env.DATABASE_URI}).`)

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const target = resolve(process.argv[2] ?? `backups/${stamp}.db`)
if (existsSync(target)) fail(`${target} already exists: choose another file name.`)
mkdirSync(dirname(target), { recursive: true })

const source = createClient({ url: pathToFileURL(sourcePath).href })
try {
  await source.execute(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
  await source.execute({ sql: 'VACUUM INTO ?', args: [target] })
} catch (err) {
  fail(`Backup failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  source.close()
}

const snapshot = createClient({ url: pathToFileURL(target).href })
try {
  const check = await snapshot.execute('PRAGMA integrity_check')
  if (check.rows[0]?.[0] !== 'ok') fail(`The snapshot at ${target} failed its integrity check: ${String(check.rows[0]?.[0])}`)
  const migrations = await snapshot.execute('SELECT count(*) AS n FROM payload_migrations')
  console.log(
    `Backup written to ${target} (${statSync(target).size} bytes, ${Number(migrations.rows[0].n)} migration(s) applied, integrity ok).`,
  )
} finally {
  snapshot.close()
}

function fail(message: string): never {
  console.error(`Cannot back up: ${message}`)
  process.exit(1)
}
