import { RELEASE } from '../release'
import { migrations } from './migrations'

/** The server-state key of the release that last migrated a database (cms/collections/migrate.ts writes it). */
export const RELEASE_KEY = 'schema:release'
export type ReleaseRecord = { version: string; build: string; migration: string }

/** What this build writes under RELEASE_KEY once its migrations are applied. */
export const thisRelease = (): ReleaseRecord => ({ version: RELEASE.version, build: RELEASE.build, migration: migrations.at(-1)!.name })

export const parseRelease = (stamp: string | null | undefined): ReleaseRecord | null => {
  try {
    return stamp ? (JSON.parse(stamp) as ReleaseRecord) : null
  } catch {
    return null
  }
}

/**
 * Why this build must not run on (or restore) a database with these applied migrations, or null: it names migrations
 * this build does not know, so a newer release upgraded it, and an older build would write records its schema does
 * not expect. `upgradedBy` reads the database's RELEASE_KEY record, which names the release it needs.
 */
export async function newerSchemaProblem(applied: string[], readUpgradedBy: () => Promise<ReleaseRecord | null>): Promise<string | null> {
  const known = new Set(migrations.map((m) => m.name))
  const unknown = applied.filter((name) => !known.has(name)).sort()
  if (unknown.length === 0) return null
  const upgradedBy = await readUpgradedBy()
  const release = upgradedBy ? `release ${upgradedBy.version}` : 'a newer release'
  return (
    `the database was upgraded by ${release} (schema ${unknown.at(-1)}), and this build is release ${RELEASE.version} ` +
    `(schema ${migrations.at(-1)!.name}): it needs ${upgradedBy ? `${release} or later` : release}`
  )
}
