/**
 * Every /api/admin path the portal calls (docs/API.md). SWR keys are the GET
 * paths themselves (the global fetcher GETs the key); writes use the same
 * names, with `/${id}` for one record.
 */
export const KEYS = {
  // The account and its session (cms/api/auth.ts, cms/api/twoFactor.ts).
  me: '/api/admin/me',
  login: '/api/admin/login',
  loginLink: '/api/admin/login/link',
  logout: '/api/admin/logout',
  setup: '/api/admin/setup',
  recover: '/api/admin/recover',
  recoverReset: '/api/admin/recover/reset',
  confirmEmail: '/api/admin/email/confirm',
  password: '/api/admin/password',
  email: '/api/admin/email',
  sessions: '/api/admin/sessions',
  revokeOtherSessions: '/api/admin/sessions/revoke-others',
  twoFactor: '/api/admin/account/two-factor',
  twoFactorStart: '/api/admin/account/two-factor/start',
  securitySettings: '/api/admin/account/security-settings',
  auditLog: '/api/admin/audit-log',
  // The club's records (cms/api/admin.ts and summary.ts; the domains' adminApi: cms/money, inbox, content, team).
  summary: '/api/admin/summary',
  campaigns: '/api/admin/campaigns',
  team: '/api/admin/team',
  games: '/api/admin/games',
  tiers: '/api/admin/sponsorship-tiers',
  donations: '/api/admin/donations',
  sponsorships: '/api/admin/sponsorships',
  donors: '/api/admin/donors',
  donorYears: '/api/admin/donors/years',
  statements: '/api/admin/statements',
  monthlyGifts: '/api/admin/monthly-gifts',
  yearReceipts: '/api/admin/monthly-gifts/year-receipts',
  // The treasurer's year end (cms/money/treasurer.ts).
  deposits: '/api/admin/deposits',
  undeposited: '/api/admin/deposits/undeposited',
  unmatchedRefunds: '/api/admin/unmatched-refunds',
  payouts: '/api/admin/payouts',
  givingReport: '/api/admin/reports/giving',
  ledger: '/api/admin/ledger.csv',
  largeDonors: '/api/admin/reports/large-donors',
  yearReport: '/api/admin/reports/year',
  emailStatus: '/api/admin/email-status',
  contactMessages: '/api/admin/contact-messages',
  sponsorApplications: '/api/admin/sponsor-applications',
  content: '/api/admin/content',
} as const
