import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { format, resolveConfig } from 'prettier'
import { initPayload } from '../initPayload'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run migrate:create -- <name>`: after changing a collection, writes the
 * SQL migration that brings a database from the last migration to the new
 * schema, formatted as the rest of the code (it is linted too). Commit the
 * generated files; a data change adds its steps by hand (CONTRIBUTING.md).
 * `npm run typecheck` fails while a collection says something the migrations do not
 * (cms/db/checkGenerated.ts).
 */
const dir = path.join(import.meta.dirname, 'migrations')
const before = new Set(await readdir(dir))
process.env.PAYLOAD_MIGRATING = 'true'
const payload = await initPayload({ config: await loadConfig(), disableOnInit: true })
await payload.db.createMigration({ migrationName: process.argv[2] ?? 'schema', payload, forceAcceptWarning: true })
await payload.destroy()
for (const name of await readdir(dir)) {
  if (!name.endsWith('.ts') || (before.has(name) && name !== 'index.ts')) continue
  const file = path.join(dir, name)
  await writeFile(file, await format(await readFile(file, 'utf8'), { ...(await resolveConfig(file)), filepath: file }))
}
process.exit(0)
