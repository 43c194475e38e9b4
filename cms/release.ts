import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { repoRoot } from './paths'

const readJson = (path: string): Record<string, unknown> =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {}

/**
 * This build: its release (package.json's version: the tag its image is published under and its heading in
 * UPGRADING.md) and the commit it was built from (dist/build.json, which scripts/build.mjs writes from BUILD_ID; `dev`
 * without one or from the sources). Part of the build, not a setting, so no `.env` can blank it.
 */
export const RELEASE = {
  version: String(readJson(resolve(repoRoot, 'package.json')).version),
  build: String(readJson(resolve(repoRoot, 'dist/build.json')).build ?? 'dev'),
}
