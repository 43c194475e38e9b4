import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionConfig,
  GlobalConfig,
} from 'payload'
import { withAuditHooks } from '../audit/log'
import { withAllOrNothingBulk } from '../hooks/allOrNothing'
import { withNotGivenStored } from '../hooks/notGiven'
import { AdminUsers } from './AdminUsers'
import { AuditLog } from './AuditLog'
import { GROUP } from './groups'
import { EmailOutbox } from './EmailOutbox'
import { LoginThrottle } from './LoginThrottle'
import { MemberLinks } from './MemberLinks'
import { Media } from './Media'
import { withPhotoFields, type PhotoField } from './mediaLife'
import { ServerState } from './ServerState'
import { withPublicCacheInvalidation, withPublicContentHooks } from './publicChanges'
import { Users } from './Users'

/**
 * Every collection records its creates, updates and deletes in the audit log
 * (cms/audit/log.ts), and writes a bulk update whole or not at all
 * (cms/hooks/allOrNothing.ts), but the login throttle's own bookkeeping
 * (written for each failed login, never through an API), the members' sign-in
 * links and sessions (likewise) and the processes' shared state. The domains'
 * collections join these at the root (cms/domains.ts), under the same rules.
 */
export const collections = [AdminUsers, Users, Media, EmailOutbox, AuditLog]
  .map(withNotGivenStored)
  .map(withPublicCacheInvalidation)
  .map(withAuditHooks)
  .map(withAllOrNothingBulk)
  .concat(LoginThrottle, MemberLinks, ServerState)

/** A domain's data model (docs/decisions/017): its collections and globals, with their rules. */
export type DomainModel = {
  name: string
  collections: CollectionConfig[]
  globals?: GlobalConfig[]
  /** Its collections the public site shows: a change to one drops the public cache in every process (./publicChanges.ts). */
  publicCollections?: string[]
  /** Where its collections hold photos: a photo in use is not deleted, and its URLs follow a new file (./mediaLife.ts). */
  photoFields?: PhotoField[]
  /**
   * Hooks it adds to a collection that is not its own, by slug (docs/decisions/018): it follows those records
   * without their collection naming it, on every door (a game moved moves the volunteers' shifts; a household
   * deleted takes the hours excused it).
   */
  reactions?: Record<string, Reactions>
}
type Reactions = {
  beforeChange?: CollectionBeforeChangeHook[]
  afterChange?: CollectionAfterChangeHook[]
  beforeDelete?: CollectionBeforeDeleteHook[]
}

/** A collection with the hooks the domains add to it (`DomainModel.reactions`), after its own. */
const withReactions =
  (models: DomainModel[]) =>
  (collection: CollectionConfig): CollectionConfig => {
    const reactions = models.flatMap((m) => m.reactions?.[collection.slug] ?? [])
    if (reactions.length === 0) return collection
    const hooks = collection.hooks ?? {}
    return {
      ...collection,
      hooks: {
        ...hooks,
        beforeChange: [...(hooks.beforeChange ?? []), ...reactions.flatMap((r) => r.beforeChange ?? [])],
        afterChange: [...(hooks.afterChange ?? []), ...reactions.flatMap((r) => r.afterChange ?? [])],
        beforeDelete: [...(hooks.beforeDelete ?? []), ...reactions.flatMap((r) => r.beforeDelete ?? [])],
      },
    }
  }

/** Payload's menu shows a group where its first collection stands: in GROUP's order (ungrouped, hidden ones last). */
const MENU: readonly string[] = Object.values(GROUP)
const menuPlace = (collection: CollectionConfig) => {
  const group = collection.admin?.group
  return typeof group === 'string' && MENU.includes(group) ? MENU.indexOf(group) : MENU.length
}

/**
 * Payload's whole model: the house's collections and each domain's, every domain collection under the same rules
 * (not given stored one way, audited, a bulk update whole or not at all), those it shows publicly dropping the
 * public cache when they change, and the media knowing every photo field.
 */
export function withDomainModels(models: DomainModel[]) {
  const domainCollection = (m: DomainModel) => (collection: CollectionConfig) =>
    withAllOrNothingBulk(
      withAuditHooks(
        (m.publicCollections?.includes(collection.slug) ? withPublicContentHooks : (c: CollectionConfig) => c)(
          withNotGivenStored(collection),
        ),
      ),
    )
  return {
    collections: [...collections, ...models.flatMap((m) => m.collections.map(domainCollection(m)))]
      .map(withReactions(models))
      .map(withPhotoFields(models.flatMap((m) => m.photoFields ?? [])))
      .sort((a, b) => menuPlace(a) - menuPlace(b)),
    globals: models.flatMap((m) => m.globals ?? []),
  }
}
