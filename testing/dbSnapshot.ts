import type { Client } from '@libsql/client'

/** Each connection's snapshot query, built once: the tables and their columns do not change while a file runs. */
const snapshotQueries = new WeakMap<Client, string>()

/**
 * Every row of every table, to prove that a refused request changed nothing.
 * Left out: the audit log, which records refusals by design (sampled), the
 * login throttle, which counts failed logins by design (cms/auth/throttle.ts), the
 * processes' shared state (server_state: rate-limit counts of refused requests, the
 * content stamp and task schedule; cms/collections/ServerState.ts), and a
 * session's idle deadline, which every authenticated request moves forward.
 *
 * One query, each row written out by SQLite itself (`quote` of every column, exact for text, numbers and blobs):
 * the fuzz tests take about a thousand snapshots, and reading every row into JavaScript objects cost them
 * about 20 ms each.
 */
export async function databaseSnapshot(db: Client): Promise<string> {
  let query = snapshotQueries.get(db)
  if (!query) {
    query = await snapshotQuery(db)
    snapshotQueries.set(db, query)
  }
  const { rows } = await db.execute(query)
  return rows.map((row) => String(row.part)).join('\n')
}

async function snapshotQuery(db: Client): Promise<string> {
  const tables = await db.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('audit_log', 'login_throttle', 'server_state') ORDER BY name",
  )
  const parts: string[] = []
  for (const { name } of tables.rows) {
    const table = String(name)
    const columns =
      table === 'admin_users_sessions'
        ? ['id', '_order', '_parent_id', 'created_at']
        : (await db.execute({ sql: 'SELECT name FROM pragma_table_info(?)', args: [table] })).rows.map((c) => String(c.name))
    const row = `concat_ws(',', ${columns.map((c) => `quote("${c}")`).join(', ')})`
    const label = `'${table.replaceAll("'", "''")}: '`
    parts.push(`SELECT ${label} || coalesce((SELECT group_concat(${row}, char(10) ORDER BY ${row}) FROM "${table}"), '') AS part`)
  }
  return parts.join(' UNION ALL ')
}
