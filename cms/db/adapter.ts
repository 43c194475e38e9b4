import type { Client, Config, InArgs, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client'
import type { DatabaseAdapterObj } from 'payload'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { env } from '../env'
import { withAfterCommit } from './afterCommit'

export const migrationDir = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Uploaded files: in DATA_DIR; without it beside the SQLite database file (so each test database has its own), else ./data/media. */
export const mediaDir = (() => {
  if (env.DATA_DIR) return resolve(env.DATA_DIR, 'media')
  const path = env.DATABASE_URI.replace(/^file:/, '')
  return !env.isMongo && path && !path.startsWith(':') ? resolve(dirname(resolve(path)), 'media') : resolve('data/media')
})()

/** How long a SQLite connection waits for another process's lock (e.g. `npm run backup`). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000
/** How long a write waits for this process's own write queue before giving up with an error. */
const WRITE_QUEUE_TIMEOUT_MS = 15_000
const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024

/**
 * DATABASE_URI picks the adapter: `mongodb://` → MongoDB (production),
 * anything else → embedded SQLite (libsql) with WAL and a busy timeout.
 * Only the chosen adapter's driver is loaded.
 */
export async function databaseAdapter(): Promise<DatabaseAdapterObj> {
  if (env.isMongo) {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    // ensureIndexes: the unique and indexed fields of every collection exist as MongoDB indexes (the outbox's keys,
    // the throttle's and server-state's keys rely on them being unique).
    return withAfterCommit(mongooseAdapter({ url: env.DATABASE_URI, ensureIndexes: true }))
  }
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  const { createClient } = await import('@libsql/client')
  const path = env.DATABASE_URI.replace(/^file:/, '')
  if (path && !path.startsWith(':')) mkdirSync(dirname(resolve(path)), { recursive: true })
  const base = sqliteAdapter({
    client: { url: env.DATABASE_URI },
    idType: 'uuid',
    // Schema changes only through committed migrations: push mode may prompt.
    push: false,
    migrationDir,
    busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
    wal: { journalSizeLimit: JOURNAL_SIZE_LIMIT, synchronous: 'FULL' },
    transactionOptions: { behavior: 'immediate' },
  })
  return withAfterCommit({
    ...base,
    init: (options) => {
      const adapter = base.init(options) as ReturnType<typeof base.init> & { client?: LibsqlClient; clientConfig: Config }
      const { connect, destroy } = adapter
      adapter.connect = async function (this: typeof adapter, ...args: Parameters<NonNullable<typeof connect>>) {
        await connect!.apply(this, args)
        if (this.client) serializeWrites(this.client, () => createClient(this.clientConfig))
      }
      adapter.destroy = async function (this: typeof adapter) {
        await destroy?.apply(this)
        this.client?.__closeWriter?.()
      }
      // Payload's commitTransaction does not pass on a COMMIT that failed (disk full, an I/O error, a lock): its caller
      // would be told the write was saved. The open transaction is the session's (one at a time, serializeWrites), and
      // remembers whether its COMMIT failed.
      const { commitTransaction } = adapter
      adapter.commitTransaction = async function (this: typeof adapter, incoming) {
        const id = await incoming
        const committing = id !== undefined && id !== null && this.sessions[id] ? this.client?.__openTransaction : undefined
        await commitTransaction.call(this, id)
        if (committing?.commitError) throw committing.commitError
      }
      return adapter
    },
  })
}

/** A writer transaction; `commitError` is why its COMMIT failed, if it did (the transaction was then rolled back). */
type WriterTransaction = Transaction & { commitError?: unknown }
type LibsqlClient = Client & { __closeWriter?: () => void; __schemaChanges?: boolean; __openTransaction?: WriterTransaction }
/** Client.execute's two overloads as one signature. */
type Exec = (stmt: InStatement | string, args?: InArgs) => Promise<ResultSet>

/** For the writer connection, which also checkpoints the WAL after its commits. */
const PRAGMAS = [
  `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  'PRAGMA synchronous = FULL',
  `PRAGMA journal_size_limit = ${JOURNAL_SIZE_LIMIT}`,
]

/**
 * The libsql client gives every transaction the client's current connection
 * and opens a fresh one for the next statement: that new connection has none
 * of the adapter's PRAGMAs (busy_timeout = 0, so concurrent writes fail with
 * SQLITE_BUSY), and the old one stays open until garbage collection (two file
 * descriptors and its page cache per transaction). Its calls are also
 * synchronous, so a connection waiting for a lock held by another connection
 * of this process would block the event loop that has to release it.
 *
 * SQLite has one writer at a time anyway, so this process queues its writes:
 * transactions run one after another on a single long-lived writer
 * connection, and writes outside a transaction wait their turn on the main
 * connection. Both connections carry the busy timeout, which then only ever
 * waits for other processes (a backup, a second instance). Reads go straight
 * to the main connection; WAL gives them a consistent snapshot.
 */
function serializeWrites(client: LibsqlClient, openConnection: () => Client) {
  if (client.__closeWriter) return
  const queue = new WriteQueue()
  let writer: Client | undefined
  const writerConnection = async () => {
    if (!writer || writer.closed) {
      writer = openConnection()
      for (const sql of PRAGMAS) await writer.execute(sql)
    }
    return writer
  }
  // A statement that failed on the writer (a BEGIN that met another process's lock past the busy timeout) is left
  // unfinished by the driver, and SQLite then refuses every later COMMIT on that connection ("SQL statements in
  // progress"), which Payload does not report: the transaction tried again would be rolled back while its caller
  // is told it was saved. Closing the connection finalizes it; the next transaction opens a fresh one.
  const closeWriter = () => {
    writer?.close()
    writer = undefined
  }
  client.__closeWriter = closeWriter

  client.transaction = async (mode: TransactionMode = 'write') => {
    const release = await queue.acquire()
    try {
      const connection = await writerConnection()
      const schemaChange = client.__schemaChanges === true && mode === 'write'
      // Off before BEGIN: inside a transaction SQLite ignores it (asSchemaChange says why it matters).
      if (schemaChange) await connection.execute('PRAGMA foreign_keys = OFF')
      const linksBefore = schemaChange ? await brokenLinks(connection) : null
      await connection.execute(mode === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN DEFERRED')
      client.__openTransaction = writerTransaction(connection, release, closeWriter, linksBefore)
      return client.__openTransaction
    } catch (err) {
      closeWriter()
      release()
      throw err
    }
  }

  const execute = client.execute.bind(client)
  client.execute = (async (stmt: InStatement | string, args?: InArgs) => {
    const sql = typeof stmt === 'string' ? stmt : stmt.sql
    const run = () => (execute as Exec)(stmt, args)
    return isRead(sql) ? run() : queue.run(run)
  }) as Client['execute']
  const batch = client.batch.bind(client)
  client.batch = ((...args: Parameters<Client['batch']>) => queue.run(() => batch(...args))) as Client['batch']
  const migrate = client.migrate.bind(client)
  client.migrate = ((...args: Parameters<Client['migrate']>) => queue.run(() => migrate(...args))) as Client['migrate']
  const executeMultiple = client.executeMultiple.bind(client)
  client.executeMultiple = (sql: string) => queue.run(() => executeMultiple(sql))
}

const isRead = (sql: unknown) => typeof sql === 'string' && /^\s*\(?\s*select\b/i.test(sql)

/**
 * Runs `work` (applying migrations) with every write transaction made as SQLite's schema-change procedure asks:
 * foreign keys off from before BEGIN, so a table rebuild (create the new table, copy, drop the old one, rename)
 * does not fire the links' ON DELETE actions (a dropped parent table would null every version's parent), and a
 * check before COMMIT that no link the transaction made is broken. MongoDB has no such step.
 */
export async function asSchemaChange<T>(client: unknown, work: () => Promise<T>): Promise<T> {
  const libsql = client as LibsqlClient
  libsql.__schemaChanges = true
  try {
    return await work()
  } finally {
    libsql.__schemaChanges = false
  }
}

/** Every row whose link points at no row (PRAGMA foreign_key_check), one string each. */
async function brokenLinks(connection: Client): Promise<Set<string>> {
  const { rows } = await connection.execute('PRAGMA foreign_key_check')
  return new Set(rows.map((row) => `${String(row.table)} row ${String(row.rowid)} → ${String(row.parent)}`))
}

/**
 * A transaction on the writer connection; ending it (commit, rollback or close) frees the queue. With `linksBefore`
 * (a schema change, asSchemaChange) COMMIT first checks that it broke no link, and foreign keys are on again after.
 */
function writerTransaction(
  connection: Client,
  release: () => void,
  closeWriter: () => void,
  linksBefore: Set<string> | null = null,
): WriterTransaction {
  let open = true
  const ensureOpen = () => {
    if (!open) throw new Error('The transaction is closed')
  }
  const end = async (sql: 'COMMIT' | 'ROLLBACK') => {
    if (!open) return
    open = false
    try {
      if (sql === 'COMMIT' && linksBefore) {
        const broken = [...(await brokenLinks(connection))].filter((link) => !linksBefore.has(link))
        if (broken.length)
          throw new Error(`The change would leave ${broken.length} record(s) linked to nothing (${broken.slice(0, 3).join('; ')}): undone`)
      }
      await connection.execute(sql)
    } catch (err) {
      // A failed COMMIT leaves the transaction open: rolled back, and the connection (with whatever statement failed) closed.
      if (sql === 'COMMIT') {
        transaction.commitError = err
        await connection.execute('ROLLBACK').catch(() => undefined)
      }
      closeWriter()
      throw err
    } finally {
      if (linksBefore) await connection.execute('PRAGMA foreign_keys = ON').catch(() => undefined)
      release()
    }
  }
  const transaction: WriterTransaction = {
    execute: ((stmt: InStatement | string, args?: InArgs) => {
      ensureOpen()
      return (connection.execute as Exec)(stmt, args)
    }) as Transaction['execute'],
    batch: async (stmts: Array<InStatement | [string, InArgs?] | string>) => {
      ensureOpen()
      const results: ResultSet[] = []
      for (const stmt of stmts) {
        results.push(await (Array.isArray(stmt) ? (connection.execute as Exec)(stmt[0], stmt[1]) : (connection.execute as Exec)(stmt)))
      }
      return results
    },
    executeMultiple: async (sql: string) => {
      ensureOpen()
      for (const statement of sql
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await connection.execute(statement)
    },
    commit: () => end('COMMIT'),
    rollback: () => end('ROLLBACK'),
    close: () => {
      void end('ROLLBACK').catch(() => undefined)
    },
    get closed() {
      return !open
    },
  } as WriterTransaction
  return transaction
}
/** A FIFO mutex whose waiters give up (with an error, never a hang) after WRITE_QUEUE_TIMEOUT_MS. */
class WriteQueue {
  private held = false
  private waiters: Array<() => void> = []

  acquire(): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let released = false
      const grant = () => {
        this.held = true
        resolve(() => {
          if (released) return
          released = true
          const next = this.waiters.shift()
          if (next) next()
          else this.held = false
        })
      }
      if (!this.held) return grant()
      const waiter = () => {
        clearTimeout(timer)
        grant()
      }
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        reject(new Error(`SQLite write queue: waited more than ${WRITE_QUEUE_TIMEOUT_MS} ms for the database`))
      }, WRITE_QUEUE_TIMEOUT_MS)
      this.waiters.push(waiter)
    })
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire()
    try {
      return await fn()
    } finally {
      release()
    }
  }
}
