import { sql, type MigrateUpArgs } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import { asSchemaChange } from './adapter'
import { migrations } from './migrations'

type Migration = (typeof migrations)[number]
type Db = MigrateUpArgs['db']

/** The database's tables, and each saved version's parent in each versions table (`_<collection>_v`). */
type History = { tables: Set<string>; parents: Map<string, Map<string, string>> }

async function historyOf(db: Db): Promise<History> {
  const names = (await db.run(sql`SELECT name FROM sqlite_master WHERE type = 'table'`)).rows.map((row) => String(row.name))
  const parents = new Map<string, Map<string, string>>()
  for (const table of names.filter((name) => /^_.+_v$/.test(name))) {
    const columns = (await db.run(sql.raw(`PRAGMA table_info("${table}")`))).rows.map((row) => String(row.name))
    // A global's versions have no parent.
    if (!columns.includes('parent_id')) continue
    const rows = (await db.run(sql.raw(`SELECT id, parent_id FROM "${table}" WHERE parent_id IS NOT NULL`))).rows
    parents.set(table, new Map(rows.map((row) => [String(row.id), String(row.parent_id)])))
  }
  return { tables: new Set(names), parents }
}

/** What a migration took from the History: each version gone or parted from its record, counted per table. */
function lostHistory(before: History, after: History): string[] {
  const lost: string[] = []
  for (const [table, versions] of before.parents) {
    // A collection removed whole (its table and its versions) takes its history with it, as meant.
    if (!after.tables.has(table) && !after.tables.has(table.slice(1, -2))) continue
    const now = after.parents.get(table) ?? new Map<string, string>()
    const gone = [...versions].filter(([id, parent]) => now.get(id) !== parent)
    if (gone.length) lost.push(`${gone.length} of ${versions.size} version(s) in ${table} (e.g. ${gone[0][0]})`)
  }
  return lost
}

/**
 * SQLite's migrations, as Payload applies them, with two guards around each: it runs as a schema change (foreign keys
 * off from before its transaction, no link left broken at commit: cms/db/adapter.ts asSchemaChange), and it must
 * keep every saved version and its parent, or it is undone and the server does not start. A table rebuild that
 * `migrate:create` writes (making a field optional, say) once nulled the parent of every version, emptying the History
 * and its restores; whatever a future migration does, it cannot do that silently (CONTRIBUTING.md "Changing stored data").
 */
export async function applyMigrations(payload: Payload, list: readonly Migration[] = migrations): Promise<void> {
  const guarded = list.map((migration) => ({
    ...migration,
    up: async (args: MigrateUpArgs) => {
      const before = await historyOf(args.db)
      await migration.up(args)
      const lost = lostHistory(before, await historyOf(args.db))
      if (lost.length)
        throw new Error(`Migration ${migration.name} would lose saved versions (${lost.join('; ')}): it was undone and nothing changed`)
    },
  }))
  const client = (payload.db as unknown as { client: unknown }).client
  // Generated migration files type their arguments per adapter; the base type says unknown.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the adapter-specific and base migration types do not meet
  await asSchemaChange(client, () => payload.db.migrate({ migrations: guarded as any }))
}
