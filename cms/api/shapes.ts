import type {
  AuditLog,
  Deposit,
  Campaign,
  ContactMessage,
  Donation,
  Game,
  SiteContent,
  SponsorApplication,
  Sponsorship,
  SponsorshipTier,
  Statement,
  MonthlyGift,
  Payout,
  StripeEvent,
} from '../payload-types'
import type { PayoutLine } from '../payments/stripeApi'
import { campaignIdOf } from '../payments/ledger'
import { idsOf, type DepositLine } from '../payments/deposits'
import { refundsOf } from '../payments/refunds'
import { publicCampaign } from '../site/shapes'
import { orNull } from '#shared/notGiven'
import { isFlagOn, toTextFlag } from '#shared/textFlag'

/**
 * How each stored record is shown by the admin API (docs/API.md); the public
 * ones, which these extend, are in cms/site/shapes.ts. One mapper per
 * collection, used by list, create and update alike so their shapes agree.
 * Records are typed by the generated cms/payload-types.ts; the response types
 * below are what the mappers return, and the browser reads them through
 * shared/api.ts, so a field renamed here fails the site's type check.
 */

export const adminCampaign = (doc: Campaign) => ({
  ...publicCampaign(doc),
  isActive: doc.isActive,
  // currentAmount = baseAmount (opening balance) + giftsAmount (recorded gifts): cms/money/collections/Campaigns.ts.
  baseAmount: doc.baseAmount ?? '0.00',
  giftsAmount: doc.giftsAmount ?? '0.00',
})

export const adminGame = (doc: Game) => ({
  id: doc.id,
  opponent: doc.opponent,
  gameDate: doc.gameDate,
  gameTime: doc.gameTime,
  location: doc.location,
  isHome: doc.isHome ?? true,
  ourScore: doc.ourScore ?? null,
  opponentScore: doc.opponentScore ?? null,
  note: orNull(doc.note),
  cancelled: doc.cancelled ?? false,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
})

export const adminTier = (doc: SponsorshipTier) => ({
  id: doc.id,
  name: doc.name,
  amount: doc.amount,
  color: doc.color,
  description: orNull(doc.description),
  benefits: Array.isArray(doc.benefits) ? doc.benefits.filter((b): b is string => typeof b === 'string') : [],
  displayOrder: doc.displayOrder ?? 0,
  isActive: toTextFlag(isFlagOn(doc.isActive)),
  level: doc.level ?? null,
  goodsValue: doc.goodsValue ?? null,
  createdAt: doc.createdAt,
})

export const adminDonation = (doc: Donation) => ({
  id: doc.id,
  donorName: doc.donorName,
  donorEmail: doc.donorEmail,
  amount: doc.amount,
  campaignId: campaignIdOf(doc),
  paymentMethod: doc.paymentMethod,
  status: doc.status,
  ...moneyRecordDetails(doc),
  // Venmo's transaction id is the spec's own field; other references (check numbers) have theirs.
  reference: orNull(doc.venmoTransactionId) ?? orNull(doc.reference),
  stripePaymentIntentId: orNull(doc.stripePaymentIntentId),
  stripeCheckoutSessionId: orNull(doc.stripeCheckoutSessionId),
  // A month of a monthly gift (GET /api/admin/monthly-gifts).
  stripeSubscriptionId: orNull(doc.stripeSubscriptionId),
  // With STRIPE_SECRET_KEY: Stripe's fee, the net paid out and the payout that carried it (docs/payments.md "Stripe payouts").
  stripeFee: orNull(doc.stripeFee),
  stripeNet: orNull(doc.stripeNet),
  stripeBalanceTransactionId: orNull(doc.stripeBalanceTransactionId),
  stripePayoutId: orNull(doc.stripePayoutId),
  createdAt: doc.createdAt,
})

/** Status details, the receipt and the change history of a donation or sponsorship. */
const moneyRecordDetails = (doc: Donation | Sponsorship) => ({
  refundedAmount: orNull(doc.refundedAmount),
  // The club's day of the gift, and for a card payment the instant Stripe says it was paid (docs/payments.md).
  receivedAt: orNull(doc.receivedAt),
  paidAt: orNull(doc.paidAt),
  notes: orNull(doc.notes),
  refundedOn: orNull(doc.refundedOn),
  // Each refund with its own day (cms/payments/refunds.ts): Stripe's as it made them, the treasurer's as recorded.
  refunds: refundsOf(doc),
  voidReason: orNull(doc.voidReason),
  voidCategory: doc.voidCategory ?? null,
  voidedOn: orNull(doc.voidedOn),
  receiptNumber: orNull(doc.receiptNumber),
  // A voided gift's receipt is withdrawn (the donor was told): the list shows it void.
  receiptVoid: Boolean(doc.receiptNumber) && doc.status === 'void',
  history: Array.isArray(doc.history) ? doc.history : [],
  updatedAt: doc.updatedAt,
})

export const adminSponsorship = (doc: Sponsorship) => ({
  id: doc.id,
  sponsorName: doc.sponsorName,
  sponsorEmail: doc.sponsorEmail,
  sponsorCompany: orNull(doc.sponsorCompany),
  tier: doc.tier,
  amount: doc.amount,
  status: doc.status,
  benefits: doc.benefits ?? null,
  paymentMethod: doc.paymentMethod ?? null,
  reference: orNull(doc.reference),
  applicationId: orNull(doc.applicationId),
  website: orNull(doc.website),
  logoUrl: orNull(doc.logoUrl),
  expiresAt: orNull(doc.expiresAt),
  // The level as recorded with the sponsorship (what its receipt and statements print).
  tierName: orNull(doc.tierName),
  goodsValue: orNull(doc.goodsValue),
  ...moneyRecordDetails(doc),
  createdAt: doc.createdAt,
})

/** A statement as mailed (GET /api/admin/statements): its figures; the PDF is its own download. */
export const adminStatement = (doc: Partial<Statement>) => ({
  id: String(doc.id),
  year: doc.year,
  email: doc.email,
  name: orNull(doc.name),
  kind: doc.kind,
  preparedOn: doc.preparedOn,
  replaces: orNull(doc.replaces),
  reason: orNull(doc.reason),
  totalAmount: doc.totalAmount,
  goodsAmount: doc.goodsAmount,
  deductibleAmount: doc.deductibleAmount,
  giftCount: doc.giftCount,
  filename: doc.filename,
  createdAt: doc.createdAt,
})

export const adminContactMessage = (doc: ContactMessage) => ({
  id: doc.id,
  name: doc.name,
  email: doc.email,
  message: doc.message,
  status: doc.status,
  createdAt: doc.createdAt,
})

export const adminSponsorApplication = (doc: SponsorApplication) => ({
  id: doc.id,
  contactName: doc.contactName,
  contactEmail: doc.contactEmail,
  contactPhone: doc.contactPhone,
  companyName: doc.companyName,
  companyAddress: doc.companyAddress,
  companyWebsite: orNull(doc.companyWebsite),
  companyTwitter: orNull(doc.companyTwitter),
  companyInstagram: orNull(doc.companyInstagram),
  businessType: doc.businessType,
  sponsorshipLevel: doc.sponsorshipLevel,
  status: doc.status,
  notes: orNull(doc.notes),
  createdAt: doc.createdAt,
})

export const siteContentEntry = (doc: SiteContent) => ({
  id: doc.id,
  section: doc.section,
  key: doc.key,
  value: doc.value ?? '',
})

export const auditEntry = (doc: AuditLog) => ({
  id: doc.id,
  createdAt: doc.createdAt,
  event: doc.event,
  actor: orNull(doc.actor),
  ip: orNull(doc.ip),
  targetCollection: orNull(doc.targetCollection),
  targetId: orNull(doc.targetId),
  // JSON fields written by cms/audit/log.ts: the changed fields' names, and for money and account records their old and new values.
  changedFields: (doc.changedFields ?? []) as string[],
  changes: (doc.changes ?? null) as Record<string, { from: unknown; to: unknown }> | null,
  detail: doc.detail ?? null,
})
export type AdminAuditEntry = ReturnType<typeof auditEntry>
export type AdminCampaign = ReturnType<typeof adminCampaign>
export type AdminGame = ReturnType<typeof adminGame>
export type AdminTier = ReturnType<typeof adminTier>

/** A monthly gift (Stripe subscription) as the treasurer sees it (GET /api/admin/monthly-gifts). */
export const adminMonthlyGift = (doc: MonthlyGift) => ({
  id: doc.id,
  subscriptionId: doc.subscriptionId,
  donorName: doc.donorName ?? null,
  donorEmail: doc.donorEmail ?? null,
  amount: doc.amount ?? null,
  status: doc.status,
  cancelledAt: doc.cancelledAt ?? null,
  createdAt: doc.createdAt,
})
/** A refund Stripe sent for a payment not recorded yet (cms/payments/webhook.ts), until its payment arrives and takes it. */
export const adminUnmatchedRefund = (doc: StripeEvent) => ({
  id: doc.id,
  eventId: doc.eventId,
  amount: doc.unmatchedRefund ?? '0.00',
  payment: doc.unmatchedPayment ?? null,
  receivedAt: doc.createdAt,
})
/** A bank deposit (docs/ACCOUNTING.md "Deposits"): its day, total and gifts, and the slip's lines as deposited. */
export const adminDeposit = (doc: Deposit) => ({
  id: doc.id,
  depositedOn: doc.depositedOn,
  total: doc.total ?? '0.00',
  donationIds: idsOf(doc.donations),
  sponsorshipIds: idsOf(doc.sponsorships),
  duesIds: idsOf(doc.dues),
  lines: (doc.lines ?? []) as DepositLine[],
  notes: doc.notes ?? null,
  createdAt: doc.createdAt,
})

export type AdminDeposit = ReturnType<typeof adminDeposit>
export type AdminUnmatchedRefund = ReturnType<typeof adminUnmatchedRefund>

/**
 * A Stripe payout as the bank shows it (GET /api/admin/payouts): the club's day it arrives, the net total,
 * and its lines (gifts, refunds, fees) when read with STRIPE_SECRET_KEY (`linesRead`).
 */
export const adminPayout = (doc: Payout) => ({
  id: doc.id,
  payoutId: doc.payoutId,
  status: doc.status,
  amount: doc.amount,
  arrivalDay: doc.arrivalDay,
  failureMessage: doc.failureMessage ?? null,
  linesRead: doc.linesRead ?? false,
  lines: (Array.isArray(doc.lines) ? doc.lines : []) as PayoutLine[],
})
export type AdminPayout = ReturnType<typeof adminPayout>
export type AdminMonthlyGift = ReturnType<typeof adminMonthlyGift>
export type AdminDonation = ReturnType<typeof adminDonation>
export type AdminSponsorship = ReturnType<typeof adminSponsorship>
export type AdminStatement = ReturnType<typeof adminStatement>
export type AdminContactMessage = ReturnType<typeof adminContactMessage>
export type AdminSponsorApplication = ReturnType<typeof adminSponsorApplication>
export type SiteContentEntry = ReturnType<typeof siteContentEntry>
