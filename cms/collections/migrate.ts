import type { Payload } from 'payload'
import { env } from '../env'
import { migrations } from '../db/migrations'
import { upgradeMongo } from './upgradeMongo'
import { WEB_SIZE } from './Media'
import { scrubStoredPhotos } from './mediaLife'
import { syncAllPlayerPhotoAlts } from './rosterPrivacy'

/**
 * SQLite's schema comes from the committed migrations in cms/db/migrations, applied
 * at every start (already-applied ones are skipped). MongoDB needs no schema,
 * only the data steps of ./upgradeMongo.ts.
 */
export async function migrateDatabase(payload: Payload) {
  if (env.isMongo) await upgradeMongo(payload)
  // Generated migration files type their arguments per adapter; the base type says unknown.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the adapter-specific and base migration types do not meet
  else await payload.db.migrate({ migrations: migrations as any })
  // Files and texts stored before issue 31, on either database: no camera data, no name the roster hides.
  await scrubStoredPhotos(payload, WEB_SIZE)
  await syncAllPlayerPhotoAlts(payload)
}
