import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type CollectionSlug,
  type Payload,
  type PayloadRequest,
  type TypedUser,
} from 'payload'

/**
 * Runs `work` in one database transaction: every Local API call inside must
 * pass the given `req`. On SQLite a transaction holds this process's write
 * queue (cms/db/adapter.ts), so what it reads cannot change before it commits;
 * on a MongoDB replica set it is a real transaction. Any error rolls it all back.
 */
export async function inTransaction<T>(payload: Payload, user: TypedUser | null, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const req = await createLocalReq(user ? { user } : {}, payload)
  await initTransaction(req)
  try {
    const result = await work(req)
    await commitTransaction(req)
    return result
  } catch (err) {
    await killTransaction(req)
    throw err
  }
}

/** Payload's answer to a write that broke a unique index (both adapters): ValidationError "Value must be unique". */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { name?: string; data?: { errors?: Array<{ message?: string }> }; code?: unknown }
  if (e?.code === 11000 || e?.code === 'SQLITE_CONSTRAINT_UNIQUE') return true
  return e?.name === 'ValidationError' && Boolean(e.data?.errors?.some((item) => /unique/i.test(item.message ?? '')))
}

/**
 * Writes the row of a collection whose `key` field is unique (the login throttle's, the server's state): updates it, or
 * makes it. Payload's upsert looks first and then inserts, so two processes that both found no row both insert; the
 * one the unique index refuses finds the other's row the second time and updates it, instead of failing with Payload's
 * ValidationError (a 400 where a login answers 401, a start that fails).
 */
export async function upsertByKey(
  payload: Payload,
  collection: CollectionSlug,
  key: string,
  data: Record<string, unknown>,
  req?: Partial<PayloadRequest>,
): Promise<void> {
  const upsert = () => payload.db.upsert({ collection, where: { key: { equals: key } }, data: { ...data, key }, req, returning: false })
  await upsert().catch((err: unknown) => {
    if (!isUniqueViolation(err)) throw err
    return upsert()
  })
}

/**
 * A transaction that lost to another writing the same rows: MongoDB's write conflict (labelled
 * TransientTransactionError), or SQLite's lock still held by another process when the busy timeout ran out.
 * Run again, it sees the other's commit.
 */
export function isWriteConflict(err: unknown): boolean {
  const e = err as { code?: unknown; codeName?: unknown; errorLabels?: unknown; message?: unknown; cause?: unknown } | null
  if (!e) return false
  if (e.code === 112 || e.codeName === 'WriteConflict' || e.code === 'SQLITE_BUSY') return true
  if (Array.isArray(e.errorLabels) && e.errorLabels.includes('TransientTransactionError')) return true
  return /write ?conflict|SQLITE_BUSY|database is locked/i.test(String(e.message ?? '')) || (e.cause !== err && isWriteConflict(e.cause))
}

/** Runs `work` (a whole transaction) again after a write conflict, a few times, each after a short random wait. */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (err) {
      if (attempt >= attempts || !isWriteConflict(err)) throw err
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt))
    }
  }
}
