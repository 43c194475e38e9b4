import { createClient } from '@libsql/client'
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { env, envProblem } from '../env'
import { ownerOnlyFiles } from './ownerOnlyFiles'
import { snapshotSqlite, sqlitePath, timestamp } from './snapshot'

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

const sourcePath = sqlitePath()
if (!existsSync(sourcePath)) fail(`No database at ${sourcePath} (DATABASE_URI=${env.DATABASE_URI}).`)

const target = resolve(process.argv[2] ?? `backups/${timestamp()}.db`)
if (existsSync(target)) fail(`${target} already exists: choose another file name.`)

try {
  await snapshotSqlite(target)
} catch (err) {
  fail(`Backup failed: ${err instanceof Error ? err.message : String(err)}`)
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
