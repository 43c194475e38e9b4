import { randomUUID } from 'node:crypto'
import type { IncrementResponse, Options, Store } from 'express-rate-limit'
import type { Payload, PayloadRequest } from 'payload'
import { inTransaction, isUniqueViolation, isWriteConflict, upsertByKey } from './transaction'
import { env } from '../env'

/**
 * Several server processes may share one database (docs/SCALING.md). What they
 * must agree on lives in the `server-state` collection, one row per key:
 *  - `content`: a stamp that changes with every save of public content, in the
 *    saving transaction; each process polls it and drops its page cache when it
 *    changed, so a save shows on every process within CONTENT_POLL_MS;
 *  - `task:<name>`: when a periodic task is next due; the process that moves
 *    that time on (in one transaction) runs the task, the others skip it;
 *  - `rate:<limit>:<address>`: a rate limit's hits in its current window.
 */
export const SERVER_STATE_COLLECTION = 'server-state'
const collection = SERVER_STATE_COLLECTION

/** How often each process looks at the content stamp: well inside the 2 s a save may take to show everywhere. */
export const CONTENT_POLL_MS = 500
const CONTENT_KEY = 'content'

/** This process, as named in claims (cms/outbox/outbox.ts). */
export const PROCESS_ID = `${process.pid}-${randomUUID().slice(0, 8)}`

type Row = { id: string | number; key: string; stamp?: string | null; dueAt?: string | null; hits?: number | null }

const readRow = async (payload: Payload, key: string, req?: PayloadRequest) =>
  (await payload.db.findOne({ collection, where: { key: { equals: key } }, req })) as Row | null

/** Marks public content as changed for every process; called from the saving request's hooks (its transaction). */
export async function bumpContentStamp(req: PayloadRequest): Promise<void> {
  await upsertByKey(req.payload, collection, CONTENT_KEY, { stamp: randomUUID() }, req)
}

/**
 * Calls `onChange` whenever another process (or this one) changed public
 * content, checking every CONTENT_POLL_MS with one indexed read. Returns a stop function.
 */
export function watchContentStamp(payload: Payload, onChange: () => void): () => void {
  let seen: string | null | undefined
  let busy = false
  const check = async () => {
    if (busy) return
    busy = true
    try {
      const stamp = (await readRow(payload, CONTENT_KEY))?.stamp ?? null
      if (seen !== undefined && stamp !== seen) onChange()
      seen = stamp
    } catch (err) {
      payload.logger.error({ msg: 'Could not read the content stamp', err })
    } finally {
      busy = false
    }
  }
  void check()
  const timer = setInterval(check, CONTENT_POLL_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * True for exactly one caller across all processes each time `name` is due:
 * it moves the due time on to `nextDue(now)` in one transaction (on SQLite a write
 * transaction locks the file, on a MongoDB replica set a concurrent claim is a
 * write conflict), and only the process that moved it runs the task.
 */
export async function claimTask(payload: Payload, name: string, nextDue: (now: number) => number, now = Date.now()): Promise<boolean> {
  const key = `task:${name}`
  const dueAt = new Date(nextDue(now)).toISOString()
  try {
    return await inTransaction(payload, null, async (req) => {
      const row = await readRow(payload, key, req)
      if (!row) {
        await payload.db.create({ collection, data: { key, dueAt }, req, returning: false })
        return true
      }
      if (row.dueAt && Date.parse(row.dueAt) > now) return false
      await payload.db.updateOne({ collection, id: row.id, data: { dueAt }, req, returning: false })
      return true
    })
  } catch (err) {
    // Another process created the row or claimed it first.
    if (isUniqueViolation(err) || isWriteConflict(err)) return false
    throw err
  }
}

/**
 * Runs `task` every `everyMs` in one of the processes sharing the database: checked at start and every minute (more
 * often for a shorter interval). The first time (no record of it yet) at once; `nextDue` may align the times after
 * (the nightly backup, cms/db/backups.ts nextBackupAt).
 */
export function runOnceAcrossProcesses(
  payload: Payload,
  name: string,
  everyMs: number,
  task: (now: number) => Promise<unknown>,
  nextDue = (now: number) => now + everyMs,
): Promise<void> {
  const tick = async () => {
    try {
      const now = env.taskNow()
      if (await claimTask(payload, name, nextDue, now)) await task(now)
    } catch (err) {
      payload.logger.error({ msg: `Periodic task ${name}`, err })
    }
  }
  setInterval(tick, Math.min(everyMs, 60_000)).unref()
  return tick()
}

/**
 * express-rate-limit's store for the per-address limits (cms/security/forms.ts),
 * kept here so that all processes count together and a restart forgets
 * nothing: one row per limit and address, counted up in one transaction.
 * The limits are made at import time, before the database is open: the
 * server hands it over at start (cms/start.ts).
 */
export class SharedRateLimitStore implements Store {
  private static payload: Payload | undefined
  static use(payload: Payload) {
    SharedRateLimitStore.payload = payload
  }

  localKeys = false
  private windowMs = 60_000
  constructor(readonly prefix: string) {}

  init(options: Options) {
    this.windowMs = options.windowMs
  }

  private get payload(): Payload {
    if (!SharedRateLimitStore.payload) throw new Error('Rate limits used before the database was opened (SharedRateLimitStore.use)')
    return SharedRateLimitStore.payload
  }

  private change(key: string, step: 1 | -1): Promise<IncrementResponse> {
    const payload = this.payload
    const rowKey = `rate:${this.prefix}:${key}`
    return inTransaction(payload, null, async (req) => {
      const now = Date.now()
      const row = await readRow(payload, rowKey, req)
      const open = row?.dueAt && Date.parse(row.dueAt) > now
      const hits = Math.max(0, (open ? (row.hits ?? 0) : 0) + step)
      const resetTime = new Date(open ? Date.parse(row.dueAt!) : now + this.windowMs)
      const data = { key: rowKey, hits, dueAt: resetTime.toISOString() }
      if (row) await payload.db.updateOne({ collection, id: row.id, data, req, returning: false })
      else await payload.db.create({ collection, data, req, returning: false })
      return { totalHits: hits, resetTime }
    })
  }

  increment(key: string) {
    return this.change(key, 1)
  }
  async decrement(key: string) {
    await this.change(key, -1)
  }
  async resetKey(key: string) {
    await this.payload.db.deleteOne({ collection, where: { key: { equals: `rate:${this.prefix}:${key}` } }, returning: false })
  }
}

/** Deletes rate-limit rows whose window has ended (hourly, with the audit log's pruning). */
export async function pruneRateLimits(payload: Payload, now = Date.now()): Promise<void> {
  await payload.db.deleteMany({
    collection,
    where: { and: [{ key: { like: 'rate:' } }, { dueAt: { less_than: new Date(now).toISOString() } }] },
  })
}
