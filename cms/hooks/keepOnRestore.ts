import type { CollectionBeforeChangeHook } from 'payload'

/**
 * Restoring an earlier version (Payload's Versions tab) brings back texts, photos and flags, never money:
 * these fields keep what the books and the admins have made them since (e.g. a campaign's gifts, recomputed by
 * cms/payments/ledger.ts). Runs before the collection's other beforeChange hooks, so their rules see the kept values.
 */
export const keepOnRestore =
  (...fields: string[]): CollectionBeforeChangeHook =>
  ({ data, originalDoc, context }) => {
    if (!context.isRestoringVersion || !originalDoc) return data
    return { ...data, ...Object.fromEntries(fields.map((field) => [field, originalDoc[field]])) }
  }
