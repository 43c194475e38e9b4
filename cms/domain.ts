import type { Request, Router } from 'express'
import type { Payload } from 'payload'
import type { DomainModel } from './collections'
import type { PublicMediaRule } from './collections/publicMedia'
import type { DomainSeed } from './db/seed'
import type { Compose } from './outbox/outbox'
import type { PersonalRender } from './site/pages'
import type { SiteExtensions } from './site/render'

/**
 * What a domain hands the root (docs/decisions/017): its data model (collections and globals, which payload.config.ts
 * takes from the domain's model.ts), its routers, its public pages, the mails it writes, its periodic tasks and its
 * demo records, in one object exported from its folder's index. Only the root (payload.config.ts, cms/app.ts,
 * cms/start.ts) imports domains; a domain reaches another's records through Payload by slug, and the shared
 * infrastructure below it, never another domain's code.
 */
export type Domain = DomainModel & {
  /** Its /api routes (the public's and the members'), after the JSON body parser. */
  api?: (payload: Payload) => Router
  /** Its /api/admin routes, behind the staff session (each guards the roles it allows). */
  adminApi?: (payload: Payload) => Router
  /** Its public pages' routes (personal pages, plain form posts), before the site's own pages. */
  pages?: (payload: Payload, render: PersonalRender) => Router
  /**
   * The public lists it loads (shared/publicPages.ts PUBLIC_DATA), the footer entries its pages take over, and the
   * data of its sections on another domain's personal page, by the page's path (its section on /member: the
   * site's root puts the component there, site/src/app).
   */
  site?: {
    loaders?: Partial<SiteExtensions['loaders']>
    footerLinks?: SiteExtensions['footerLinks']
    personalData?: Record<string, (payload: Payload, req: Request) => Promise<Record<string, unknown>>>
    /** Its visitors' forms, posted to their public pages without JavaScript (the site renders a refusal). */
    forms?: SiteExtensions['forms']
  }
  /** The outbox kinds it writes, with their texts. */
  emails?: Record<string, Compose>
  /** Work run every `everyMs` in one of the processes sharing the database (cms/db/serverState.ts). */
  tasks?: Array<{ name: string; everyMs: number; run: (payload: Payload, now: number) => Promise<unknown> }>
  /** Its media read rule: the file names of the photos it shows a visitor now (cms/collections/publicMedia.ts asks it). */
  publicMedia?: PublicMediaRule
  /** Data steps run at every start, after the migrations (the stored records brought in line with its rules). */
  startup?: Array<(payload: Payload) => Promise<unknown>>
  /** Demo records for SEED=demo, written in the seed's transaction. */
  seed?: DomainSeed
}
