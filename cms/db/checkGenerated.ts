import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generateTypes } from 'payload/node'
import { initPayload } from '../initPayload'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run typecheck`'s check of what is generated from the collections, with one load of the config: fails when
 * cms/payload-types.ts is stale (`npm run generate:types` writes it), or when the collections say something the
 * migrations do not, a field or a unique index (`npm run migrate:create` writes one): SQLite's tables are made by the
 * migrations alone, so a rule added to a collection without its migration would hold on MongoDB and not here.
 * Writes nothing.
 */
const scratch = await mkdtemp(path.join(tmpdir(), 'generated-check-'))
// Nothing is read from a database; this keeps the check from creating data/boosters.db.
process.env.DATABASE_URI = `file:${path.join(scratch, 'unused.db')}`
process.env.LOG_LEVEL ??= 'silent'
process.env.PAYLOAD_TS_OUTPUT_PATH = path.join(scratch, 'payload-types.ts')
const problems: string[] = []
const config = await loadConfig()

await generateTypes(config, { log: false })
const [fresh, committed] = await Promise.all([
  readFile(process.env.PAYLOAD_TS_OUTPUT_PATH, 'utf8'),
  readFile(path.resolve(import.meta.dirname, '../payload-types.ts'), 'utf8'),
])
if (fresh !== committed) problems.push('cms/payload-types.ts is stale: run `npm run generate:types` and commit the result')

// As migrate:create compares them: the collections' schema against the newest migration's snapshot.
process.env.PAYLOAD_MIGRATING = 'true'
const payload = await initPayload({ config, disableOnInit: true })
const db = payload.db as unknown as {
  schema: unknown
  requireDrizzleKit: () => {
    generateDrizzleJson: (schema: unknown) => Promise<unknown>
    generateMigration: (from: unknown, to: unknown) => Promise<string[]>
  }
}
const kit = db.requireDrizzleKit()
const migrationsDir = path.join(import.meta.dirname, 'migrations')
const latest = (await readdir(migrationsDir))
  .filter((name) => name.endsWith('.json'))
  .sort()
  .at(-1)!
const missing = await kit.generateMigration(
  JSON.parse(await readFile(path.join(migrationsDir, latest), 'utf8')),
  await kit.generateDrizzleJson(db.schema),
)
if (missing.length > 0)
  problems.push(
    `The collections changed since the last migration (${latest}): run \`npm run migrate:create -- <name>\` and commit it.\n${missing.join('\n')}`,
  )

await payload.destroy()
await rm(scratch, { recursive: true, force: true })
for (const problem of problems) console.error(problem)
process.exit(problems.length > 0 ? 1 : 0)
