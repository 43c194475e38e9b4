import type { DatabaseAdapterObj } from 'payload'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { env } from '../env'

export const migrationDir = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * DATABASE_URI picks the adapter: `mongodb://` → MongoDB (production),
 * anything else → embedded SQLite (libsql) with WAL and a busy timeout.
 * Only the chosen adapter's driver is loaded.
 */
export async function databaseAdapter(): Promise<DatabaseAdapterObj> {
  if (env.isMongo) {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    return mongooseAdapter({ url: env.DATABASE_URI })
  }
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  const path = env.DATABASE_URI.replace(/^file:/, '')
  if (path && !path.startsWith(':')) mkdirSync(dirname(resolve(path)), { recursive: true })
  return sqliteAdapter({
    client: { url: env.DATABASE_URI },
    idType: 'uuid',
    // Schema changes only through committed migrations: push mode may prompt.
    push: false,
    migrationDir,
    busyTimeout: 5000,
    wal: { journalSizeLimit: 64 * 1024 * 1024, synchronous: 'FULL' },
    transactionOptions: { behavior: 'immediate' },
  })
}
