import type { CollectionConfig, PayloadRequest } from 'payload'
import { bumpContentStamp } from '../db/serverState'
import { invalidatePublicCache } from '../site/cache'

/** Collections whose records the public site shows (pages, lists, calendar). */
export const PUBLIC_COLLECTIONS = new Set([
  'campaigns',
  'team-members',
  'games',
  'site-content',
  'pages',
  'sponsorships',
  'sponsorship-tiers',
])

const invalidate = async ({ req }: { req: PayloadRequest }) => {
  invalidatePublicCache()
  await bumpContentStamp(req)
}

/**
 * Any create, update or delete of a public record drops the cached pages and
 * lists of this process at once, and changes the content stamp (in the same
 * transaction) that every other process sharing the database watches
 * (cms/db/serverState.ts), so the next visitor of any process sees the change.
 */
export function withPublicCacheInvalidation(collection: CollectionConfig): CollectionConfig {
  if (!PUBLIC_COLLECTIONS.has(collection.slug)) return collection
  return {
    ...collection,
    hooks: {
      ...collection.hooks,
      afterChange: [...(collection.hooks?.afterChange ?? []), invalidate],
      afterDelete: [...(collection.hooks?.afterDelete ?? []), invalidate],
    },
  }
}
