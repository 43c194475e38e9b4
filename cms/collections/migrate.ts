import type { Payload } from 'payload'
import { env } from '../env'
import { migrations } from '../db/migrations'
import { createBackup } from '../db/backups'
import { SERVER_STATE_COLLECTION } from '../db/serverState'
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
  await backupBeforeMigrating(payload)
  if (env.isMongo) {
    await upgradeMongo(payload)
    await recordMongoUpgrade(payload)
  } else {
    // Generated migration files type their arguments per adapter; the base type says unknown.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the adapter-specific and base migration types do not meet
    await payload.db.migrate({ migrations: migrations as any })
  }
  // Files and texts stored before uploads were re-encoded, on either database: no camera data, no name the roster hides.
  await scrubStoredPhotos(payload, WEB_SIZE)
  await syncAllPlayerPhotoAlts(payload)
}

/**
 * An upgrade (a new image with new migrations) first takes a full backup, the database and the uploads as they were,
 * to data/backups/pre-migration-<time>.tar.gz: the way back if the new version must be rolled back (`node
 * dist/restore.mjs`, docs/DEPLOY.md "Upgrade and rollback"). A new, empty database has nothing to keep. On SQLite the
 * pending migrations are those not in payload_migrations; MongoDB has data steps instead (./upgradeMongo.ts), each the
 * twin of a SQLite migration, so the names of the migrations its data was last upgraded to are kept in server-state.
 */
async function backupBeforeMigrating(payload: Payload): Promise<void> {
  const applied = env.isMongo ? await mongoUpgradedTo(payload) : await sqliteApplied(payload)
  if (!applied) return // a new database
  const pending = migrations.filter((m) => !applied.includes(m.name))
  if (pending.length === 0) return
  const backup = await createBackup(payload, { kind: 'pre-migration' })
  payload.logger.info({ msg: `Backup before ${pending.length} migration(s): ${backup.location}`, pending: pending.map((m) => m.name) })
}

async function sqliteApplied(payload: Payload): Promise<string[] | null> {
  try {
    const { docs } = await payload.find({ collection: 'payload-migrations', pagination: false, depth: 0, overrideAccess: true })
    const applied = docs.map((doc) => doc.name).filter((name): name is string => typeof name === 'string')
    return applied.length ? applied : null
  } catch {
    return null // no migrations table yet
  }
}

const MONGO_UPGRADED_KEY = 'upgrade:migrations'

/** The migrations MongoDB's data was upgraded to; [] for a database from before this record; null when it is new. */
async function mongoUpgradedTo(payload: Payload): Promise<string[] | null> {
  const row = (await payload.db.findOne({ collection: SERVER_STATE_COLLECTION, where: { key: { equals: MONGO_UPGRADED_KEY } } })) as {
    stamp?: string | null
  } | null
  if (row?.stamp) return JSON.parse(row.stamp) as string[]
  const { totalDocs } = await payload.db.count({ collection: SERVER_STATE_COLLECTION, where: {} })
  return totalDocs > 0 ? [] : null
}

async function recordMongoUpgrade(payload: Payload): Promise<void> {
  await payload.db.upsert({
    collection: SERVER_STATE_COLLECTION,
    where: { key: { equals: MONGO_UPGRADED_KEY } },
    data: { key: MONGO_UPGRADED_KEY, stamp: JSON.stringify(migrations.map((m) => m.name)) },
    returning: false,
  })
}
