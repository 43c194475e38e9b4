import type { CollectionConfig } from 'payload'
import { withAuditHooks } from './audit/log'
import { collections } from './collections'
import { membership } from './membership'

/**
 * What a domain hands the root (docs/decisions/017): its collections, and as it grows its routers, public
 * pages, outbox messages, start-up tasks and demo records. Only the root (payload.config.ts, cms/app.ts,
 * cms/start.ts) imports domains; a domain reaches another's records through Payload by slug.
 */
export type Domain = {
  name: string
  collections: CollectionConfig[]
}

export const domains: Domain[] = [membership]

/** Every collection: the house's own (cms/collections) and each domain's, each audited. */
export const allCollections: CollectionConfig[] = [...collections, ...domains.flatMap((d) => d.collections.map(withAuditHooks))]
