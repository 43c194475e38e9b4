import { createClient } from '@libsql/client'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { env } from '../env'
import { SQLITE_BUSY_TIMEOUT_MS } from './adapter'

/** The SQLite database file DATABASE_URI names. */
export const sqlitePath = () => resolve(env.DATABASE_URI.replace(/^file:(\/\/)?/, ''))

/**
 * A consistent copy of the SQLite database at `target`, taken while the site may be serving: SQLite's VACUUM INTO
 * reads one transaction-consistent view and, in WAL mode, does not stop writers. The file is owner-only (the
 * umask of cms/db/ownerOnlyFiles.ts): it holds password hashes and visitors' messages.
 */
export async function snapshotSqlite(target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true })
  const source = createClient({ url: pathToFileURL(sqlitePath()).href })
  try {
    await source.execute(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
    await source.execute({ sql: 'VACUUM INTO ?', args: [target] })
  } finally {
    source.close()
  }
}

/** A file name that sorts by time: 2026-11-26T15-50-00-000Z. */
export const timestamp = () => new Date().toISOString().replace(/[:.]/g, '-')
