/** The footer's content pages, editable in Payload's admin; `/{slug}` shows a published one. */
export const PAGE_SLUGS = ['privacy-policy', 'terms-of-service', 'volunteer-information', 'join-booster-club'] as const
export type PageSlug = (typeof PAGE_SLUGS)[number]
export const isPageSlug = (value: string): value is PageSlug => (PAGE_SLUGS as readonly string[]).includes(value)

/** GET /api/pages/:slug; `draft` only on a staff preview of a draft not yet published (its page shows a banner). */
export type PublicPage = { slug: PageSlug; title: string; html: string; draft?: true }
/**
 * GET /api/pages: the published slugs, for the footer's links, and the footer entries a domain's own page
 * has taken over while it is open (`join-booster-club` → /join once a season with a level is open).
 */
export type PublishedPages = { slugs: PageSlug[]; links?: Partial<Record<PageSlug, string>> }
