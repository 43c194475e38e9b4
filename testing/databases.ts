import { randomUUID } from 'node:crypto'

/**
 * The API suites run on embedded SQLite always, and on MongoDB too when
 * MONGODB_URI is set (e.g. mongodb://localhost:27017/?replicaSet=rs0): each
 * run then gets its own fresh database name.
 */
export type DatabaseTarget = { name: string; env: Record<string, string> }

const mongoUri = process.env.MONGODB_URI

/** A new, empty MongoDB database on the MONGODB_URI server (e.g. a fresh site to restore a backup into). */
export function mongoDatabaseUri(base = mongoUri!): string {
  const url = new URL(base)
  url.pathname = `/boosters_test_${randomUUID().slice(0, 8)}`
  return url.toString()
}

export const databaseTargets: DatabaseTarget[] = [
  { name: 'sqlite', env: {} },
  ...(mongoUri ? [{ name: 'mongodb', env: { DATABASE_URI: mongoDatabaseUri(mongoUri) } }] : []),
]
