/**
 * What the API answers, for the browser. Type-only: every type is what a
 * server response mapper returns (cms/site/shapes.ts, cms/api/shapes.ts, typed from the generated
 * cms/payload-types.ts), so the browser's types follow the collections with
 * nothing copied by hand, and no server code reaches the browser bundle.
 */
export type {
  AdminAuditEntry,
  AdminCampaign,
  AdminContactMessage,
  AdminDeposit,
  AdminDonation,
  AdminGame,
  AdminMonthlyGift,
  AdminPayout,
  AdminSponsorApplication,
  AdminSponsorship,
  AdminStatement,
  AdminTier,
  AdminUnmatchedRefund,
  SiteContentEntry,
} from '../cms/api/shapes'
export type { PublicCampaign } from '../cms/site/shapes'
export type { AdminPlayer, PublicPlayer } from '../cms/team/shapes'
export type { OwnSession, SessionResponse } from '../cms/api/auth'
export type { EmailStatus } from '../cms/api/emailStatus'
export type { TwoFactorStatus } from '../cms/api/twoFactor'
export type { TotpEnrolment } from '../cms/auth/totp'
export type { ApiErrorBody } from '../cms/http/errors'
export type { AdminDonor } from '../cms/money/donors'
export type { AdminDepositCandidate, AdminYearReport, LargeDonor } from '../cms/money/treasurer'
