import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const committed = path.join(root, 'cms/payload-types.ts')

describe('cms/payload-types.ts', () => {
  let dir = ''
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined))

  it('is what `npm run generate:types` writes from the current collections', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'payload-types-'))
    const fresh = path.join(dir, 'payload-types.ts')
    // The same script as `npm run generate:types`, told to write elsewhere (Payload's PAYLOAD_TS_OUTPUT_PATH).
    await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['cms/db/generate-types.ts'], {
      cwd: root,
      env: { ...process.env, PAYLOAD_TS_OUTPUT_PATH: fresh, DATABASE_URI: `file:${path.join(dir, 'unused.db')}`, LOG_LEVEL: 'silent' },
    })
    const [expected, actual] = await Promise.all([readFile(fresh, 'utf8'), readFile(committed, 'utf8')])
    expect(actual, 'cms/payload-types.ts is stale: run `npm run generate:types` and commit the result').toBe(expected)
  }, 60_000)
})
