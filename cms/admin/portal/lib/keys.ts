/** SWR keys are the API paths themselves (the global fetcher GETs the key). */
export const KEYS = {
  me: '/api/admin/me',
  campaigns: '/api/admin/campaigns',
  team: '/api/admin/team',
  games: '/api/admin/games',
  tiers: '/api/admin/sponsorship-tiers',
  donations: '/api/admin/donations',
  sponsorships: '/api/admin/sponsorships',
  contactMessages: '/api/admin/contact-messages',
  sponsorApplications: '/api/admin/sponsor-applications',
  content: '/api/admin/content',
} as const
