import type { Payload } from 'payload'
import { env, StartRefused } from '../env'
import { migrations } from '../db/migrations'
import { createBackup } from '../db/backups'
import { newerSchemaProblem, parseRelease, RELEASE_KEY, thisRelease, type ReleaseRecord } from '../db/schemaRelease'
import { SERVER_STATE_COLLECTION } from '../db/serverState'
import { upsertByKey } from '../db/transaction'
import { upgradeMongo } from '../db/upgradeMongo'
import { applyMigrations } from '../db/versionHistory'
import { WEB_SIZE } from './Media'
import { scrubStoredPhotos } from './mediaLife'

/**
 * SQLite's schema comes from the committed migrations in cms/db/migrations, applied
 * at every start (already-applied ones are skipped). MongoDB needs no schema,
 * only the data steps of cms/db/upgradeMongo.ts.
 */
export async function migrateDatabase(payload: Payload): Promise<{ newDatabase: boolean }> {
  const applied = env.isMongo ? await mongoUpgradedTo(payload) : await sqliteApplied(payload)
  await refuseNewerDatabase(payload, applied ?? [])
  await backupBeforeMigrating(payload, applied)
  if (env.isMongo) {
    await upgradeMongo(payload)
    await recordMongoUpgrade(payload)
  } else {
    await applyMigrations(payload)
  }
  await recordRelease(payload)
  // Files and texts stored before uploads were re-encoded, on either database: no camera data, no name the roster hides.
  await scrubStoredPhotos(payload, WEB_SIZE)
  return { newDatabase: applied === null }
}

/**
 * An upgrade (a new image with new migrations) first takes a full backup, the database and the uploads as they were,
 * to data/backups/pre-migration-<time>.tar.gz: the way back if the new version must be rolled back (`node
 * dist/restore.mjs`, docs/DEPLOY.md "Upgrade and rollback"). A new, empty database has nothing to keep. On SQLite the
 * pending migrations are those not in payload_migrations; MongoDB has data steps instead (./upgradeMongo.ts), each the
 * twin of a SQLite migration, so the names of the migrations its data was last upgraded to are kept in server-state.
 */
async function backupBeforeMigrating(payload: Payload, applied: string[] | null): Promise<void> {
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
  await upsertByKey(payload, SERVER_STATE_COLLECTION, MONGO_UPGRADED_KEY, { stamp: JSON.stringify(migrations.map((m) => m.name)) })
}

/**
 * An older build on a newer database would write records the newer schema does not expect (a gift without its club's
 * day, missing from the year report after upgrading again), so it does not start, and names the release the database
 * needs. The way back to the older build is the backup taken before the upgrade (docs/DEPLOY.md "Upgrade and rollback").
 */
async function refuseNewerDatabase(payload: Payload, applied: string[]): Promise<void> {
  const problem = await newerSchemaProblem(applied, () => readRelease(payload))
  if (problem)
    throw new StartRefused(
      `${problem}. Run that release, or roll back with the backup taken before the upgrade (data/backups/pre-migration-…; docs/DEPLOY.md "Upgrade and rollback").`,
    )
}

async function readRelease(payload: Payload): Promise<ReleaseRecord | null> {
  const row = (await payload.db.findOne({ collection: SERVER_STATE_COLLECTION, where: { key: { equals: RELEASE_KEY } } })) as {
    stamp?: string | null
  } | null
  return parseRelease(row?.stamp)
}

/** Which release the database's schema is now at, for an older build to name (refuseNewerDatabase); written when it changes. */
async function recordRelease(payload: Payload): Promise<void> {
  const record = thisRelease()
  if (JSON.stringify(await readRelease(payload)) === JSON.stringify(record)) return
  await upsertByKey(payload, SERVER_STATE_COLLECTION, RELEASE_KEY, { stamp: JSON.stringify(record) })
}
