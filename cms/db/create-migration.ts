import { initPayload } from '../initPayload'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run migrate:create -- <name>`: after changing a collection, writes the
 * SQL migration that brings a database from the last migration to the new
 * schema. Commit the generated files.
 */
process.env.PAYLOAD_MIGRATING = 'true'
const payload = await initPayload({ config: await loadConfig(), disableOnInit: true })
await payload.db.createMigration({ migrationName: process.argv[2] ?? 'schema', payload, forceAcceptWarning: true })
await payload.destroy()
process.exit(0)
