import type { CollectionConfig } from 'payload'
import { invalidatePublicCache } from './cache'

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

const invalidate = () => invalidatePublicCache()

/**
 * Any create, update or delete of a public record drops the cached pages and
 * lists of this process, so the next visitor sees the change.
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
