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

type Collection = import('mongodb').Collection
type SqliteClient = import('@libsql/client').Client

/**
 * Reads (or, for a state no door can make, writes) a collection in the database itself, whichever the test runs on:
 * `mongo` gets the MongoDB collection, `sqlite` a connection and the collection's table name. The connection is closed
 * after.
 */
async function inCollection<T>(
  databaseUri: string,
  collection: string,
  mongo: (collection: Collection) => Promise<T>,
  sqlite: (db: SqliteClient, table: string) => Promise<T>,
): Promise<T> {
  if (/^mongodb/.test(databaseUri)) {
    const { MongoClient } = await import('mongodb')
    const client = new MongoClient(databaseUri)
    try {
      return await mongo(client.db().collection(collection))
    } finally {
      await client.close()
    }
  }
  const { createClient } = await import('@libsql/client')
  const db = createClient({ url: databaseUri })
  try {
    return await sqlite(db, collection.replaceAll('-', '_'))
  } finally {
    db.close()
  }
}

/**
 * The columns (fields on MongoDB) of each unique index on a collection's table, read from the database's own schema:
 * SQLite's `PRAGMA index_list`/`index_info` (the primary key left out), MongoDB's `listIndexes` (`_id` left out).
 * A rule that only a unique index upholds (two processes, or MongoDB's side-by-side transactions) is then seen to be
 * in force on the database the test runs, not only in the collection's config.
 */
export function uniqueIndexes(databaseUri: string, collection: string): Promise<string[][]> {
  return inCollection(
    databaseUri,
    collection,
    async (mongo) => (await mongo.indexes()).filter((index) => index.unique).map((index) => Object.keys(index.key)),
    async (db, table) => {
      const list = await db.execute({ sql: 'SELECT name, "unique", origin FROM pragma_index_list(?)', args: [table] })
      const unique: string[][] = []
      for (const index of list.rows.filter((row) => Number(row.unique) === 1 && row.origin !== 'pk')) {
        const columns = await db.execute({ sql: 'SELECT name FROM pragma_index_info(?) ORDER BY seqno', args: [String(index.name)] })
        unique.push(columns.rows.map((column) => String(column.name)))
      }
      return unique
    },
  )
}

/**
 * How many rows of a collection have `field` equal to `id`, read from the database itself: for records no door serves
 * (a family's sign-in links and sessions) that a rule says are gone. On MongoDB an id may be stored as an ObjectId.
 */
export async function countLinked(databaseUri: string, collection: string, field: string, id: string): Promise<number> {
  const { ObjectId } = await import('mongodb')
  return inCollection(
    databaseUri,
    collection,
    (mongo) => mongo.countDocuments({ [field]: { $in: ObjectId.isValid(id) ? [id, new ObjectId(id)] : [id] } }),
    async (db, table) => {
      const { rows } = await db.execute({ sql: `SELECT count(*) AS n FROM "${table}" WHERE "${field}" = ?`, args: [id] })
      return Number(rows[0].n)
    },
  )
}

/** A family's mailed link or session as stored (cms/auth/memberLinks.ts): its kind, when it lapses, when it was spent. */
export type StoredMemberLink = { kind: string; household: string | null; expiresAt: string | null; usedAt: string | null }

/**
 * The links and sessions of one address, oldest first, read from the database itself (no door serves them): what a
 * link's mail promises ("works once, for 30 minutes") is then read from what the server stored, not from the mail.
 */
export function memberLinksOf(databaseUri: string, email: string): Promise<StoredMemberLink[]> {
  const iso = (value: unknown) => (value == null || value === '' ? null : new Date(value as string).toISOString())
  const stored = (kind: unknown, household: unknown, expiresAt: unknown, usedAt: unknown): StoredMemberLink => ({
    kind: String(kind),
    household: household == null ? null : String(household),
    expiresAt: iso(expiresAt),
    usedAt: iso(usedAt),
  })
  return inCollection(
    databaseUri,
    'member-links',
    async (mongo) =>
      (await mongo.find({ email }).sort({ createdAt: 1 }).toArray()).map((l) => stored(l.kind, l.household, l.expiresAt, l.usedAt)),
    async (db, table) => {
      const { rows } = await db.execute({
        sql: `SELECT kind, household, expires_at, used_at FROM "${table}" WHERE email = ? ORDER BY created_at, rowid`,
        args: [email],
      })
      return rows.map((row) => stored(row.kind, row.household, row.expires_at, row.used_at))
    },
  )
}

/**
 * Moves the end of an address's links or sessions of one kind to `at`, in the database itself: no door ages a link,
 * and a test cannot wait a month for a session to lapse. Answers how many were moved.
 */
export function lapseMemberLinks(databaseUri: string, email: string, kind: string, at: Date): Promise<number> {
  return inCollection(
    databaseUri,
    'member-links',
    async (mongo) => (await mongo.updateMany({ email, kind }, { $set: { expiresAt: at } })).modifiedCount,
    async (db, table) => {
      const moved = await db.execute({
        sql: `UPDATE "${table}" SET expires_at = ? WHERE email = ? AND kind = ?`,
        args: [at.toISOString(), email, kind],
      })
      return moved.rowsAffected
    },
  )
}
