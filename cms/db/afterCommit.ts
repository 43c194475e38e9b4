import type { BaseDatabaseAdapter, DatabaseAdapterObj, PayloadRequest } from 'payload'

type TransactionID = number | string
/** Work waiting for its transaction's commit, by transaction. */
const waiting = new Map<TransactionID, Array<() => void>>()
/** Work undoing what a transaction did outside the database, should it be rolled back, by transaction. */
const undoing = new Map<TransactionID, Array<() => Promise<void> | void>>()

/**
 * Runs `work` once the request's writes are committed: at once when it has no
 * transaction (nothing left to commit), else right after the adapter commits
 * it, and never if it is rolled back. Payload's hooks run inside the
 * transaction and have no after-commit hook of their own; a cache dropped
 * there can be refilled with the old data by a read landing before the commit
 * (cms/collections/publicChanges.ts).
 */
export async function afterCommit(req: PayloadRequest, work: () => void): Promise<void> {
  const id = await req.transactionID
  if (id === undefined || id === null) return work()
  waiting.set(id, [...(waiting.get(id) ?? []), work])
}

/**
 * Runs `undo` if the request's transaction is rolled back (files a delete moved aside go back:
 * cms/collections/mediaLife.ts); dropped once it commits. Without a transaction, never.
 */
export async function onRollback(req: PayloadRequest, undo: () => Promise<void> | void): Promise<void> {
  const id = await req.transactionID
  if (id === undefined || id === null) return
  undoing.set(id, [...(undoing.get(id) ?? []), undo])
}

/**
 * The adapter, with commitTransaction running the work `afterCommit` queued, and rollbackTransaction dropping it (and running
 * what `onRollback` queued); a commit that failed is a rollback.
 */
export function withAfterCommit(base: DatabaseAdapterObj): DatabaseAdapterObj {
  return {
    ...base,
    init: (options) => {
      const adapter: BaseDatabaseAdapter = base.init(options)
      const { commitTransaction, rollbackTransaction } = adapter
      adapter.commitTransaction = async function (this: BaseDatabaseAdapter, incoming) {
        const id = await incoming
        const work = waiting.get(id) ?? []
        const undo = undoing.get(id) ?? []
        waiting.delete(id)
        undoing.delete(id)
        try {
          await commitTransaction.call(this, id)
        } catch (err) {
          // Not committed: nothing of it happened, so what it did outside the database is undone too.
          for (const run of undo) await run()
          throw err
        }
        for (const run of work) run()
      }
      adapter.rollbackTransaction = async function (this: BaseDatabaseAdapter, incoming) {
        const id = await incoming
        waiting.delete(id)
        const undo = undoing.get(id) ?? []
        undoing.delete(id)
        await rollbackTransaction.call(this, id)
        for (const run of undo) await run()
      }
      return adapter
    },
  }
}
