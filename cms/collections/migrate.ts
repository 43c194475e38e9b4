import type { Payload } from 'payload'
import { env } from '../env'
import { migrations } from '../db/migrations'
import { upgradeMongo } from './upgradeMongo'

/**
 * SQLite's schema comes from the committed migrations in cms/db/migrations, applied
 * at every start (already-applied ones are skipped). MongoDB needs no schema,
 * only the data steps of ./upgradeMongo.ts.
 */
export async function migrateDatabase(payload: Payload) {
  if (env.isMongo) return upgradeMongo(payload)
  // Generated migration files type their arguments per adapter; the base type says unknown.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the adapter-specific and base migration types do not meet
  await payload.db.migrate({ migrations: migrations as any })
}
