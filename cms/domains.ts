import type { Payload } from 'payload'
import type { PageSlug } from '#shared/pages'
import { withDomainModels } from './collections'
import type { Domain } from './domain'
import type { Compose } from './outbox/outbox'
import { content } from './content'
import { inbox } from './inbox'
import { membership } from './membership'
import { money } from './money'
import { team } from './team'
import { volunteers } from './volunteers'
import type { DomainDataKey } from './site/publicData'
import type { SiteExtensions } from './site/render'

/**
 * The domains (what each hands the root: ./domain.ts), in the order the routers are mounted, the tasks and seeds run
 * (the team's players before the families linking them) and the public site takes them; payload.config.ts lists their
 * models in the same order.
 */
export const domains: Domain[] = [money, inbox, content, team, membership, volunteers]

/** Every collection, as payload.config.ts has them (the sweeps' tests read them here). */
export const allCollections = withDomainModels(domains).collections

/** The domains' additions to the public site: their lists, footer links, personal pages' sections and forms. */
export const siteExtensions: SiteExtensions = {
  loaders: Object.assign({}, ...domains.map((d) => d.site?.loaders ?? {})) as Record<DomainDataKey, (payload: Payload) => Promise<unknown>>,
  footerLinks: async (payload) =>
    Object.assign({}, ...(await Promise.all(domains.map((d) => d.site?.footerLinks?.(payload) ?? {})))) as Partial<
      Record<PageSlug, string>
    >,
  personalData: async (payload, req, path) =>
    Object.assign({}, ...(await Promise.all(domains.map((d) => d.site?.personalData?.[path]?.(payload, req) ?? {})))) as Record<
      string,
      unknown
    >,
  forms: domains.flatMap((d) => d.site?.forms ?? []),
}

/** Every domain's mail kinds, with their texts. */
export const domainEmails: Record<string, Compose> = Object.assign({}, ...domains.map((d) => d.emails ?? {}))
