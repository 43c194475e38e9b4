import { join } from 'node:path'
import type { Payload } from 'payload'
import { env } from '../env'
import { migrations } from '../db/migrations'
import { backupsBesideDatabase, snapshotSqlite, timestamp } from '../db/snapshot'
import { upgradeMongo } from '../db/upgradeMongo'
import { WEB_SIZE } from './Media'
import { scrubStoredPhotos } from './mediaLife'
import { syncAllPlayerPhotoAlts } from './rosterPrivacy'

/**
 * SQLite's schema comes from the committed migrations in cms/db/migrations, applied
 * at every start (already-applied ones are skipped). MongoDB needs no schema,
 * only the data steps of cms/db/upgradeMongo.ts.
 */
export async function migrateDatabase(payload: Payload) {
  if (env.isMongo) await upgradeMongo(payload)
  else {
    await backupBeforeMigrating(payload)
    // Generated migration files type their arguments per adapter; the base type says unknown.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the adapter-specific and base migration types do not meet
    await payload.db.migrate({ migrations: migrations as any })
  }
  // Files and texts stored before issue 31, on either database: no camera data, no name the roster hides.
  await scrubStoredPhotos(payload, WEB_SIZE)
  await syncAllPlayerPhotoAlts(payload)
}

/**
 * An upgrade (a new image with new migrations) first copies the database as it was, beside it in
 * backups/pre-migration-<time>.db: the way back if the new version must be rolled back (docs/DEPLOY.md). A new,
 * empty database has nothing to keep.
 */
async function backupBeforeMigrating(payload: Payload) {
  let applied: string[]
  try {
    const { docs } = await payload.find({ collection: 'payload-migrations', pagination: false, depth: 0, overrideAccess: true })
    applied = docs.map((doc) => doc.name).filter((name): name is string => typeof name === 'string')
  } catch {
    return // no migrations table yet: a new database
  }
  const pending = migrations.filter((m) => !applied.includes(m.name))
  if (applied.length === 0 || pending.length === 0) return
  const target = join(backupsBesideDatabase(), `pre-migration-${timestamp()}.db`)
  await snapshotSqlite(target)
  payload.logger.info({ msg: `Backup before ${pending.length} migration(s): ${target}`, pending: pending.map((m) => m.name) })
}
