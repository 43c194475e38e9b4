import { getPayload } from 'payload'

/**
 * `npm run migrate:create -- <name>`: after changing a collection, writes the
 * SQL migration that brings a database from the last migration to the new
 * schema. Commit the generated files.
 */
process.env.PAYLOAD_MIGRATING = 'true'
const { preloadLexical } = await import('../lexicalPreload')
await preloadLexical()
const { default: config } = await import('../../payload.config')
const payload = await getPayload({ config, disableOnInit: true })
await payload.db.createMigration({ migrationName: process.argv[2] ?? 'schema', payload, forceAcceptWarning: true })
await payload.destroy()
process.exit(0)
