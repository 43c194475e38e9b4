import { createClient, type Client } from '@libsql/client'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/**
 * Every migration, one after another, on a database that holds saved versions of every versioned collection as soon
 * as its versions table exists: each version keeps its parent through every later migration (a table rebuild once
 * nulled them all, emptying the History). The migrations run as the server runs them (cms/db/versionHistory.ts
 * applyMigrations), in this process: Payload started once, on a database of the test's own. The rows are written in
 * SQL, the only way to write a schema of the past. MongoDB's side, where MONGODB_URI is set: cms/db/upgrade.api.test.ts.
 */
describe('migrations keep the history', () => {
  const dir = mkdtempSync(join(tmpdir(), 'boosters-migration-steps-'))
  const file = join(dir, 'steps.db')
  let payload: Payload
  let db: Client
  let applyMigrations: typeof import('./versionHistory').applyMigrations
  let migrations: typeof import('./migrations').migrations
  /** The versions tables seeded, and any migration that took a version from its parent. */
  const seeded = new Set<string>()
  const lost: string[] = []

  // Set in this worker's environment for Payload in this process, then put back: test servers started later by other
  // files of the same worker inherit the worker's environment (a DATA_DIR left here sent their backups to this folder).
  const settings = {
    DATABASE_URI: `file:${file}`,
    DATA_DIR: dir,
    PAYLOAD_SECRET: 'test-secret-not-for-production-0123456789',
    LOG_LEVEL: 'warn',
  }
  const before = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]))

  beforeAll(async () => {
    Object.assign(process.env, settings)
    // This file's own settings: cms/env.ts is read afresh (another file of this worker may have read it before).
    vi.resetModules()
    const { loadConfig } = await import('../lexicalPreload')
    const { initPayload } = await import('../initPayload')
    ;({ applyMigrations } = await import('./versionHistory'))
    ;({ migrations } = await import('./migrations'))
    payload = await initPayload({ config: await loadConfig(), key: 'migration-steps' })
    db = createClient({ url: `file:${file}` })
    await db.execute('PRAGMA busy_timeout = 5000')
    // Migration by migration: first a record with two versions in each versions table that exists by then.
    for (const [i, migration] of migrations.entries()) {
      for (const table of await versionTables(db)) {
        if (seeded.has(table)) continue
        await writeRecordWithVersions(db, table)
        seeded.add(table)
      }
      const before = await parentsOf(db)
      await applyMigrations(payload, migrations.slice(0, i + 1))
      const after = await parentsOf(db)
      for (const [table, parents] of Object.entries(before))
        if (JSON.stringify(after[table]) !== JSON.stringify(parents)) lost.push(`${migration.name}: ${table}`)
    }
  })
  afterAll(async () => {
    db?.close()
    await payload?.destroy()
    for (const [key, value] of Object.entries(before))
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps every saved version with its parent through every migration, on SQLite', async () => {
    expect(lost).toEqual([])
    // Every collection with versions in the config had its table seeded, and each of its versions is there.
    const versioned = payload.config.collections.filter((c) => c.versions).map((c) => `_${c.slug.replaceAll('-', '_')}_v`)
    expect([...seeded].sort()).toEqual(versioned.sort())
    const parents = await parentsOf(db)
    for (const table of versioned) expect(Object.values(parents[table]), table).toEqual([expect.any(String), expect.any(String)])
  })

  it('keeps them through a table rebuild as migrate:create writes it, which inside a plain transaction would lose them', async () => {
    // What `migrate:create` writes to change a column SQLite cannot alter (making a player's field optional, say).
    const create = String((await db.execute("SELECT sql FROM sqlite_master WHERE name = 'team_members'")).rows[0].sql)
    const rebuild = [
      'PRAGMA foreign_keys=OFF;',
      create.replace('CREATE TABLE `team_members`', 'CREATE TABLE `__new_team_members`'),
      'INSERT INTO `__new_team_members` SELECT * FROM `team_members`;',
      'DROP TABLE `team_members`;',
      'ALTER TABLE `__new_team_members` RENAME TO `team_members`;',
      'PRAGMA foreign_keys=ON;',
    ]
    const before = (await parentsOf(db))._team_members_v
    expect(Object.keys(before)).toHaveLength(2)

    // In a transaction, as Payload runs a migration, SQLite ignores the PRAGMA: dropping the table nulls each parent.
    const copy = join(dir, 'plain.db')
    await db.execute({ sql: 'VACUUM INTO ?', args: [copy] })
    const plain = createClient({ url: `file:${copy}` })
    const tx = await plain.transaction('write')
    for (const statement of rebuild) await tx.execute(statement)
    await tx.commit()
    expect(Object.values((await parentsOf(plain))._team_members_v)).toEqual(['null', 'null'])
    plain.close()

    const { sql } = await import('@payloadcms/db-sqlite')
    const migration = {
      name: '20991231_000000_rebuild_team_members',
      up: async ({ db: tx }: { db: { run: (query: unknown) => Promise<unknown> } }) => {
        for (const statement of rebuild) await tx.run(sql.raw(statement))
      },
      down: async () => undefined,
    }
    await applyMigrations(payload, [...migrations, migration] as typeof migrations)
    expect((await parentsOf(db))._team_members_v).toEqual(before)
  })

  it('undoes a migration that would part versions from their records, and the server does not start', async () => {
    const before = await parentsOf(db)
    const { sql } = await import('@payloadcms/db-sqlite')
    const careless = {
      name: '20991231_000001_careless',
      up: async ({ db: tx }: { db: { run: (query: unknown) => Promise<unknown> } }) => {
        await tx.run(sql.raw('UPDATE `_games_v` SET `parent_id` = NULL'))
      },
      down: async () => undefined,
    }
    // Payload ends the process after a failed migration (its log line says why): here vitest turns that into an error.
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`)
    })
    try {
      await expect(applyMigrations(payload, [...migrations, careless] as typeof migrations)).rejects.toThrow('exit 1')
    } finally {
      exit.mockRestore()
    }
    expect(await parentsOf(db)).toEqual(before)
    expect((await db.execute("SELECT count(*) AS n FROM payload_migrations WHERE name = '20991231_000001_careless'")).rows[0].n).toBe(0)
  })
})

/** The versions tables of the database as it is now (a global's have no parent_id, and no record to keep). */
async function versionTables(db: Client): Promise<string[]> {
  const names = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((row) => String(row.name))
  const tables: string[] = []
  for (const name of names.filter((n) => /^_.+_v$/.test(n)))
    if ((await columns(db, name)).some((c) => c.name === 'parent_id')) tables.push(name)
  return tables
}

/** Each versions table's version → parent. */
async function parentsOf(db: Client): Promise<Record<string, Record<string, string>>> {
  const result: Record<string, Record<string, string>> = {}
  for (const table of await versionTables(db)) {
    const rows = (await db.execute(`SELECT id, parent_id FROM "${table}"`)).rows
    result[table] = Object.fromEntries(rows.map((row) => [String(row.id), String(row.parent_id)]))
  }
  return result
}

type Column = { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }
const columns = async (db: Client, table: string) => (await db.execute(`PRAGMA table_info("${table}")`)).rows as unknown as Column[]

/** A value a column takes, by its name and type: money as money, days and instants as such, the rest plain words. */
function valueFor({ name, type }: Column, n: number): string | number {
  if (/int|real|numeric/i.test(type)) return 1
  if (/amount|price|value|fee|net/.test(name)) return '10.00'
  if (/(_at|date)$/.test(name)) return '2026-11-20T12:00:00.000Z'
  if (/(_on|_day)$/.test(name)) return '2026-11-20'
  if (/email/.test(name)) return `someone${n}@example.org`
  return `${name} ${n}`
}

/** A record in the versions table's collection and two saved versions of it: every required column filled. */
async function writeRecordWithVersions(db: Client, versionsTable: string) {
  const parentTable = versionsTable.slice(1, -2)
  const id = crypto.randomUUID()
  const insert = async (table: string, values: Record<string, unknown>, n: number) => {
    for (const column of await columns(db, table))
      if (!(column.name in values) && column.notnull && column.dflt_value === null) values[column.name] = valueFor(column, n)
    const names = Object.keys(values)
    await db.execute({
      sql: `INSERT INTO "${table}" (${names.map((c) => `"${c}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      args: Object.values(values) as Array<string | number>,
    })
  }
  await insert(parentTable, { id }, 0)
  for (const n of [1, 2]) await insert(versionsTable, { id: crypto.randomUUID(), parent_id: id }, n)
}
