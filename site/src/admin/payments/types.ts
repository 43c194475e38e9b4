import type { MoneyStatus, PaymentMethod } from '#shared/payments'

/** A donation as GET /api/admin/donations returns it (cms/api/shapes.ts adminDonation). */
export type DonationRecord = {
  id: string
  donorName: string
  donorEmail: string
  amount: string
  campaignId: string | null
  paymentMethod: PaymentMethod
  status: MoneyStatus
  refundedAmount: string | null
  reference: string | null
  receivedAt: string | null
  notes: string | null
  voidReason: string | null
  receiptNumber: string | null
  stripeCheckoutSessionId: string | null
  history: Array<{ at: string; by: string; action: string }>
  createdAt: string
}

export type EmailStatus = {
  enabled: boolean
  pending: number
  held: number
  failed: number
  sent: number
  receiptsHeld: string | null
  problems: Array<{ id: string; kind: string; to: string | null; status: string; lastError: string | null; attempts: number }>
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card (Stripe)',
  cash: 'Cash',
  check: 'Check',
  venmo: 'Venmo',
  giving_platform: 'Giving platform',
  other: 'Other',
}

export const STATUS_LABELS: Record<MoneyStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  void: 'Void',
}

/** A sponsorship as GET /api/admin/sponsorships returns it (cms/api/shapes.ts adminSponsorship). */
export type SponsorshipRecord = {
  id: string
  sponsorName: string
  sponsorEmail: string
  sponsorCompany: string | null
  tier: string
  amount: string
  status: MoneyStatus
  receiptNumber: string | null
  createdAt: string
}
