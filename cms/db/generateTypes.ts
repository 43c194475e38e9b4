import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generateTypes } from 'payload/node'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run generate:types` writes cms/payload-types.ts from the collections.
 * `--check` (run by `npm run typecheck`) writes them to a temporary file instead
 * and fails when the committed file differs, so stale types fail the typecheck.
 * The config is loaded as every script of ours loads it (loadConfig: Lexical
 * first, cms/lexicalPreload.ts).
 */
const committed = path.resolve(import.meta.dirname, '../payload-types.ts')
const check = process.argv.includes('--check')
const dir = check ? await mkdtemp(path.join(tmpdir(), 'payload-types-')) : ''
if (check) {
  process.env.PAYLOAD_TS_OUTPUT_PATH = path.join(dir, 'payload-types.ts')
  // Nothing is read from a database; this keeps a check from creating data/boosters.db.
  process.env.DATABASE_URI = `file:${path.join(dir, 'unused.db')}`
  process.env.LOG_LEVEL ??= 'silent'
}

await generateTypes(await loadConfig(), { log: false })

if (check) {
  const [fresh, current] = await Promise.all([readFile(path.join(dir, 'payload-types.ts'), 'utf8'), readFile(committed, 'utf8')])
  await rm(dir, { recursive: true, force: true })
  if (fresh !== current) {
    console.error('cms/payload-types.ts is stale: run `npm run generate:types` and commit the result')
    process.exit(1)
  }
}
process.exit(0)
