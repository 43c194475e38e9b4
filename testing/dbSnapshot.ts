import type { Client } from '@libsql/client'

/**
 * Every row of every table, to prove that a refused request changed nothing.
 * Left out: the audit log, which records refusals by design (sampled), the
 * login throttle, which counts failed logins by design (cms/auth/throttle.ts), the
 * processes' shared state (server_state: rate-limit counts of refused requests, the
 * content stamp and task schedule; cms/collections/ServerState.ts), and a
 * session's idle deadline, which every authenticated request moves forward.
 */
export async function databaseSnapshot(db: Client): Promise<string> {
  const tables = await db.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('audit_log', 'login_throttle', 'server_state') ORDER BY name",
  )
  const parts: string[] = []
  for (const { name } of tables.rows) {
    const columns = name === 'admin_users_sessions' ? 'id, _order, _parent_id, created_at' : '*'
    parts.push(`${String(name)}: ${JSON.stringify((await db.execute(`SELECT ${columns} FROM "${String(name)}" ORDER BY 1`)).rows)}`)
  }
  return parts.join('\n')
}
