import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { format, resolveConfig } from 'prettier'
import { initPayload } from '../initPayload'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run migrate:create -- <name>`: after changing a collection, writes the
 * SQL migration that brings a database from the last migration to the new
 * schema, formatted as the rest of the code (it is linted too). Commit the
 * generated files; a data change adds its steps by hand (CONTRIBUTING.md).
 *
 * `--check` (run by `npm run typecheck`) writes nothing and fails when the
 * collections say something the migrations do not (a field, a unique index):
 * SQLite's tables are made by the migrations alone, so a rule added to a
 * collection without its migration would hold on MongoDB and not here.
 */
const dir = path.join(import.meta.dirname, 'migrations')
const check = process.argv.includes('--check')
const scratch = check ? await mkdtemp(path.join(tmpdir(), 'migrations-check-')) : ''
if (check) {
  // Nothing is read from a database; this keeps a check from creating data/boosters.db.
  process.env.DATABASE_URI = `file:${path.join(scratch, 'unused.db')}`
  process.env.LOG_LEVEL ??= 'silent'
}
const before = new Set(await readdir(dir))
process.env.PAYLOAD_MIGRATING = 'true'
const payload = await initPayload({ config: await loadConfig(), disableOnInit: true })
if (check) {
  // As createMigration compares them: the collections' schema against the newest migration's snapshot.
  const db = payload.db as unknown as {
    schema: unknown
    requireDrizzleKit: () => {
      generateDrizzleJson: (schema: unknown) => Promise<unknown>
      generateMigration: (from: unknown, to: unknown) => Promise<string[]>
    }
  }
  const kit = db.requireDrizzleKit()
  const latest = [...before]
    .filter((name) => name.endsWith('.json'))
    .sort()
    .at(-1)!
  const missing = await kit.generateMigration(
    JSON.parse(await readFile(path.join(dir, latest), 'utf8')),
    await kit.generateDrizzleJson(db.schema),
  )
  await payload.destroy()
  await rm(scratch, { recursive: true, force: true })
  if (missing.length > 0) {
    console.error(
      `The collections changed since the last migration (${latest}): run \`npm run migrate:create -- <name>\` and commit it.\n${missing.join('\n')}`,
    )
    process.exit(1)
  }
  process.exit(0)
}
await payload.db.createMigration({ migrationName: process.argv[2] ?? 'schema', payload, forceAcceptWarning: true })
await payload.destroy()
for (const name of await readdir(dir)) {
  if (!name.endsWith('.ts') || (before.has(name) && name !== 'index.ts')) continue
  const file = path.join(dir, name)
  await writeFile(file, await format(await readFile(file, 'utf8'), { ...(await resolveConfig(file)), filepath: file }))
}
process.exit(0)
