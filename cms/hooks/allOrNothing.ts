import type { CollectionAfterOperationHook, CollectionConfig } from 'payload'
import { refuse } from './refuse'

/**
 * A bulk update (Payload's "Edit many", `PATCH /cms-api/<collection>?where=…`) is one transaction: when any
 * record is refused, none is written. Payload would keep the others and answer 400 all the same; this throws
 * before its commit, so the whole transaction is rolled back, and the answer says how many were refused and why.
 * When every record was refused nothing was written: Payload's own answer (each record's reason) stands.
 */
const allOrNothing: CollectionAfterOperationHook = ({ operation, result }) => {
  const { docs, errors } = (result ?? {}) as { docs?: unknown[]; errors?: Array<{ message?: string }> }
  if (operation === 'update' && Array.isArray(errors) && errors.length > 0 && (docs?.length ?? 0) > 0) {
    const of = errors.length + (docs?.length ?? 0)
    throw refuse(400, `Nothing was changed: ${errors.length} of ${of} records were refused (${errors[0].message ?? 'refused'})`)
  }
  return result
}

/** The collection with its bulk updates written whole or not at all. */
export const withAllOrNothingBulk = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: { ...collection.hooks, afterOperation: [...(collection.hooks?.afterOperation ?? []), allOrNothing] },
})
