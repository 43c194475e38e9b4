import type { CollectionConfig, PayloadRequest } from 'payload'
import { afterCommit } from '../db/afterCommit'
import { bumpContentStamp } from '../db/serverState'

/** The house's collections whose records the public site shows (pages, lists, calendar); a domain names its own (`DomainModel.publicCollections`). */
export const PUBLIC_COLLECTIONS = new Set([
  // Which photos a visitor may read follows what the site shows (./publicMedia.ts): a replaced file is a new name.
  'media',
])

/**
 * Who wants to know that public data changed. The data model owns this hook
 * and knows nothing of its listeners: the public site registers its cache at
 * startup (cms/site/render.ts), so collections never import the renderer.
 */
const listeners = new Set<() => void>()
export const onPublicChange = (listener: () => void) => {
  listeners.add(listener)
}

const tellListeners = () => {
  for (const listener of listeners) listener()
}

/**
 * Any create, update or delete of a public record (or of a global the public
 * site reads, such as the team's Roster privacy) tells this process's listeners
 * once it is committed, before the save is answered: told earlier, a read
 * landing before the commit would refill the cache with the old data. It also
 * changes the content stamp (in the same transaction) that every other
 * process sharing the database watches (cms/db/serverState.ts), so the next
 * visitor of any process sees the change.
 */
export const publicContentChanged = async ({ req }: { req: PayloadRequest }) => {
  await bumpContentStamp(req)
  await afterCommit(req, tellListeners)
}

export function withPublicCacheInvalidation(collection: CollectionConfig): CollectionConfig {
  return PUBLIC_COLLECTIONS.has(collection.slug) ? withPublicContentHooks(collection) : collection
}

/** A collection the public site shows: each change of it is a public change. */
export function withPublicContentHooks(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    hooks: {
      ...collection.hooks,
      afterChange: [...(collection.hooks?.afterChange ?? []), publicContentChanged],
      afterDelete: [...(collection.hooks?.afterDelete ?? []), publicContentChanged],
    },
  }
}
