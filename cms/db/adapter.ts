import type { DatabaseAdapterObj } from 'payload'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { env } from '../env'

export const migrationDir = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** How long a SQLite connection waits for another process's lock (e.g. `npm run backup`). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000
/** How long a write waits for this process's own write queue before giving up with an error. */
const WRITE_QUEUE_TIMEOUT_MS = 15_000

/**
 * DATABASE_URI picks the adapter: `mongodb://` → MongoDB (production),
 * anything else → embedded SQLite (libsql) with WAL and a busy timeout.
 * Only the chosen adapter's driver is loaded.
 */
export async function databaseAdapter(): Promise<DatabaseAdapterObj> {
  if (env.isMongo) {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    return mongooseAdapter({ url: env.DATABASE_URI })
  }
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  const path = env.DATABASE_URI.replace(/^file:/, '')
  if (path && !path.startsWith(':')) mkdirSync(dirname(resolve(path)), { recursive: true })
  const base = sqliteAdapter({
    client: { url: env.DATABASE_URI },
    idType: 'uuid',
    // Schema changes only through committed migrations: push mode may prompt.
    push: false,
    migrationDir,
    busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
    wal: { journalSizeLimit: 64 * 1024 * 1024, synchronous: 'FULL' },
    transactionOptions: { behavior: 'immediate' },
  })
  return {
    ...base,
    init: (options) => {
      const adapter = base.init(options) as ReturnType<typeof base.init> & { client?: LibsqlClient }
      const connect = adapter.connect!
      adapter.connect = async function (this: typeof adapter, ...args: Parameters<typeof connect>) {
        await connect.apply(this, args)
        if (this.client) serializeWrites(this.client)
      }
      return adapter
    },
  }
}

type LibsqlClient = {
  execute: (...args: any[]) => Promise<any>
  batch: (...args: any[]) => Promise<any>
  migrate?: (...args: any[]) => Promise<any>
  executeMultiple: (...args: any[]) => Promise<any>
  transaction: (...args: any[]) => Promise<LibsqlTransaction>
  __writesSerialized?: boolean
}
type LibsqlTransaction = { commit: () => Promise<void>; rollback: () => Promise<void>; close: () => void }

/**
 * Two facts about the libsql client make concurrent writes fail with
 * SQLITE_BUSY ("database is locked") under load:
 *  - every transaction takes over the client's connection and the client
 *    opens a fresh one, which has none of the PRAGMAs (busy_timeout = 0);
 *  - its calls are synchronous, so a connection waiting on a lock held by
 *    another connection of this same process would block the event loop
 *    that has to release it.
 * SQLite has one writer at a time anyway, so this process queues its writes
 * (transactions and writes outside one) and gives every new connection the
 * busy timeout, which then only ever waits for other processes.
 */
function serializeWrites(client: LibsqlClient) {
  if (client.__writesSerialized) return
  client.__writesSerialized = true
  const queue = new WriteQueue()
  const pragmas = [`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`, 'PRAGMA synchronous = FULL']

  const transaction = client.transaction.bind(client)
  client.transaction = async (...args: any[]) => {
    const release = await queue.acquire()
    try {
      // The client runs BEGIN and swaps connections synchronously inside this call;
      // the PRAGMAs below (also synchronous) then land on the new connection first.
      const pending = transaction(...args)
      const configured = Promise.all(pragmas.map((sql) => execute(sql)))
      const tx = await pending
      await configured
      const end =
        <F extends (...a: any[]) => any>(fn: F) =>
        (...a: Parameters<F>): ReturnType<F> => {
          try {
            const result = fn(...a)
            if (result instanceof Promise) return result.finally(release) as ReturnType<F>
            release()
            return result
          } catch (err) {
            release()
            throw err
          }
        }
      tx.commit = end(tx.commit.bind(tx))
      tx.rollback = end(tx.rollback.bind(tx))
      tx.close = end(tx.close.bind(tx))
      return tx
    } catch (err) {
      release()
      throw err
    }
  }

  const execute = client.execute.bind(client)
  client.execute = async (stmt: any, ...rest: any[]) => {
    const sql = typeof stmt === 'string' ? stmt : stmt?.sql
    if (isRead(sql)) return execute(stmt, ...rest)
    return queue.run(() => execute(stmt, ...rest))
  }
  for (const name of ['batch', 'migrate', 'executeMultiple'] as const) {
    const original = client[name]?.bind(client)
    if (original) client[name] = (...args: any[]) => queue.run(() => original(...args))
  }
}

const isRead = (sql: unknown) => typeof sql === 'string' && /^\s*\(?\s*select\b/i.test(sql)

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
