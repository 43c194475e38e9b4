import type { Router } from 'express'
import type { CollectionAfterChangeHook, CollectionConfig, GlobalConfig, Payload } from 'payload'
import { withAuditHooks } from './audit/log'
import { collections } from './collections'
import type { Compose } from './outbox/outbox'
import { membership } from './membership'
import { volunteers } from './volunteers'

/**
 * What a domain hands the root (docs/decisions/017): its collections and globals, its routers, the mails it
 * writes, its periodic tasks and its demo records, in one object exported from its folder's index.
 * Only the root (payload.config.ts, cms/app.ts, cms/start.ts) imports domains; a domain reaches another's records
 * through Payload by slug, and the shared infrastructure below it, never another domain's code.
 */
export type Domain = {
  name: string
  collections: CollectionConfig[]
  globals?: GlobalConfig[]
  /** Its /api routes (the public's and the members'), after the JSON body parser. */
  api?: (payload: Payload) => Router
  /** Its /api/admin routes, behind the staff session (each guards the roles it allows). */
  adminApi?: (payload: Payload) => Router
  /** The outbox kinds it writes, with their texts. */
  emails?: Record<string, Compose>
  /** Work run every `everyMs` in one of the processes sharing the database (cms/db/serverState.ts). */
  tasks?: Array<{ name: string; everyMs: number; run: (payload: Payload, now: number) => Promise<unknown> }>
  /** Demo records for SEED=demo. */
  seed?: (payload: Payload) => Promise<void>
  /**
   * Hooks it adds to another domain's collection, by slug (docs/decisions/018): it follows those records without
   * their collection naming it, on every door (a game moved moves the volunteers' shifts).
   */
  reactions?: Record<string, { afterChange?: CollectionAfterChangeHook[] }>
}

export const domains: Domain[] = [membership, volunteers]

/** A collection with the hooks other domains add to it (`Domain.reactions`), after its own. */
function withReactions(collection: CollectionConfig): CollectionConfig {
  const added = domains.flatMap((d) => d.reactions?.[collection.slug]?.afterChange ?? [])
  if (added.length === 0) return collection
  return { ...collection, hooks: { ...collection.hooks, afterChange: [...(collection.hooks?.afterChange ?? []), ...added] } }
}

/** Every collection: the house's own (cms/collections) and each domain's, each audited. */
export const allCollections: CollectionConfig[] = [...collections, ...domains.flatMap((d) => d.collections.map(withAuditHooks))].map(
  withReactions,
)
export const domainGlobals: GlobalConfig[] = domains.flatMap((d) => d.globals ?? [])

/** Every domain's mail kinds, with their texts. */
export const domainEmails: Record<string, Compose> = Object.assign({}, ...domains.map((d) => d.emails ?? {}))
