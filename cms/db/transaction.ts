import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
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
