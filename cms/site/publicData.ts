import type { Payload } from 'payload'
import type { PublicDataKey } from '#shared/publicPages'
import { loadOfferedTiers } from '../payments/tiers'
import { loadCampaigns, loadPublishedPages, loadSchedule, loadSiteText } from './data'
import { qrCode } from './qrCode'
import { readSponsorWall } from './sponsorWall'

/** The public lists the site loads itself; the domains hand theirs to the root (cms/site/render.ts SiteExtensions). */
export const siteLoaders = {
  campaigns: loadCampaigns,
  schedule: loadSchedule,
  content: loadSiteText,
  sponsorWall: readSponsorWall,
  tiers: loadOfferedTiers,
  pages: loadPublishedPages,
  qrCode: async () => ({ svg: qrCode() }),
} satisfies Partial<Record<PublicDataKey, (payload: Payload) => Promise<unknown>>>

/** The public lists a domain loads (shared/publicPages.ts names them; the domain hands its loader to the root). */
export type DomainDataKey = Exclude<PublicDataKey, keyof typeof siteLoaders>
export type Loader = (payload: Payload) => Promise<unknown>

/** Each public list, read through the cache (cms/site/data.ts reads it from the CMS). */
export type PublicData = { [K in keyof typeof siteLoaders]: () => ReturnType<(typeof siteLoaders)[K]> } & {
  [K in DomainDataKey]: () => Promise<unknown>
}
