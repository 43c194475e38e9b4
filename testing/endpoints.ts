/** Every GET endpoint of the API (docs/API.md), for tests that sweep them all. */
export const PUBLIC_READS = ['/api/campaigns', '/api/team', '/api/qr-donate.svg']

export const ADMIN_READS = [
  '/api/admin/me',
  '/api/admin/campaigns',
  '/api/admin/team',
  '/api/admin/games',
  '/api/admin/sponsorship-tiers',
  '/api/admin/donations',
  '/api/admin/sponsorships',
  '/api/admin/contact-messages',
  '/api/admin/sponsor-applications',
  '/api/admin/content',
  '/api/admin/summary',
  '/api/admin/audit-log',
]
