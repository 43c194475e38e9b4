import type { Payload, TypedUser } from 'payload'
import { isPageSlug, type PublicPage, type PublishedPages } from '#shared/pages'
import { buildSchedule, type Schedule, type StoredGame } from '#shared/games'
import { resolveSiteText, type SiteText } from '#shared/siteContent'
import { clubDayOf, env } from '../env'
import { publicCampaign } from './shapes'
import { richTextToSafeHtml } from './richText'
import { PUBLIC_SITE_READ } from '../collections/publicMedia'

/**
 * What the public site shows, read through the Local API with the same
 * mappers as the public /api lists, so a server-rendered page and a later
 * fetch of /api/... hold the same data. Reads are public by design (the
 * collections' admin-only read rules guard Payload's REST, not these views).
 */
export const loadCampaigns = async (payload: Payload) => {
  const { docs } = await payload.find({ collection: 'campaigns', pagination: false, sort: '-createdAt', depth: 0 })
  return docs.map(publicCampaign)
}

export const loadGames = async (payload: Payload): Promise<StoredGame[]> => {
  const { docs } = await payload.find({ collection: 'games', pagination: false, sort: ['gameDate', 'gameTime'], depth: 0 })
  return docs.map((doc) => ({ ...doc, id: String(doc.id) }) as StoredGame)
}

export const loadSchedule = async (payload: Payload): Promise<Schedule> =>
  buildSchedule(await loadGames(payload), clubDayOf(), { timeZone: env.CLUB_TIME_ZONE, now: Date.now() })

export const loadSiteText = async (payload: Payload): Promise<SiteText> => {
  const { docs } = await payload.find({ collection: 'site-content', pagination: false, depth: 0 })
  return resolveSiteText(docs as unknown as { section: string; key: string; value?: string | null }[])
}

// Read as a visitor: the Pages collection's access rule keeps unpublished pages out (cms/content/collections/Pages.ts).
const asVisitor = { overrideAccess: false, user: null } as const

/** The footer pages an editor has published (GET /api/pages). */
export const loadPublishedPages = async (payload: Payload): Promise<PublishedPages> => {
  const { docs } = await payload.find({ collection: 'pages', pagination: false, depth: 0, select: { slug: true }, ...asVisitor })
  return { slugs: docs.map((doc) => doc.slug).filter(isPageSlug) }
}

/** One published footer page with its rich text as sanitized HTML (GET /api/pages/:slug), or null. */
export const loadPublicPage = (payload: Payload, slug: string): Promise<PublicPage | null> => findPage(payload, slug, asVisitor)

/**
 * The latest draft of a footer page, as a signed-in staff member previews it at its address (cms/site/pages.ts),
 * or null: read with their own access, so only staff get drafts.
 */
export const loadPageDraft = (payload: Payload, slug: string, user: TypedUser): Promise<PublicPage | null> =>
  findPage(payload, slug, { overrideAccess: false, user, draft: true })

async function findPage(
  payload: Payload,
  slug: string,
  as: { overrideAccess: false; user: TypedUser | null; draft?: boolean },
): Promise<PublicPage | null> {
  if (!isPageSlug(slug)) return null
  const { docs } = await payload.find({
    collection: 'pages',
    where: { slug: { equals: slug } },
    limit: 1,
    depth: 1,
    ...as,
    context: { [PUBLIC_SITE_READ]: true },
  })
  const doc = docs[0]
  if (!doc) return null
  const page: PublicPage = { slug, title: doc.title, html: richTextToSafeHtml(doc.body) }
  return as.draft && doc._status === 'draft' ? { ...page, draft: true } : page
}
