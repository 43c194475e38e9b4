/**
 * How money records (donations, sponsorships) and inbox items move between
 * statuses. One table per kind; the server refuses any other move with 409
 * and the admin shows only the moves listed here (docs/payments.md).
 */
export const MONEY_STATUSES = ['pending', 'completed', 'failed', 'refunded', 'partially_refunded', 'void'] as const
export type MoneyStatus = (typeof MONEY_STATUSES)[number]

export const PAYMENT_METHODS = ['stripe', 'cash', 'check', 'venmo', 'giving_platform', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
/** How a person records money handed over: every method but the card, which Stripe's signed webhook alone records. */
export const HAND_PAYMENT_METHODS = PAYMENT_METHODS.filter((m) => m !== 'stripe')

/** What a new record may be: entered as it arrived; refunds and voids are moves of a stored record. */
export const MONEY_START_STATUSES: readonly MoneyStatus[] = ['pending', 'completed', 'failed']

export const MONEY_MOVES: Record<MoneyStatus, readonly MoneyStatus[]> = {
  pending: ['completed', 'failed', 'void'],
  completed: ['refunded', 'partially_refunded', 'void'],
  // A second partial refund raises the refunded amount.
  partially_refunded: ['partially_refunded', 'refunded', 'void'],
  failed: ['void'],
  refunded: [],
  void: [],
}

/**
 * Why a record was voided, as the donor's notice says it (cms/email/messages.ts "void-notice"): the
 * category beside the free-text `voidReason`, which stays the treasurer's own note.
 */
export const VOID_CATEGORIES = ['check_returned', 'entered_in_error', 'duplicate', 'other'] as const
export type VoidCategory = (typeof VOID_CATEGORIES)[number]
export const VOID_CATEGORY_LABELS: Record<VoidCategory, string> = {
  check_returned: 'the check was returned by the bank',
  entered_in_error: 'the gift was entered in error',
  duplicate: 'the gift was recorded twice',
  other: 'the gift was withdrawn',
}

/**
 * When a stored record last moved to one of `statuses`, from its history (cms/payments/moneyRules.ts
 * appends `{ at, status }` on every move): the instant the upgrade of older records dates their
 * refund or void from (cms/db/migrations, cms/db/upgradeMongo.ts). Null without such a move.
 */
export function lastMoveAt(history: unknown, statuses: readonly string[]): string | null {
  const entries = Array.isArray(history) ? (history as Array<{ at?: unknown; status?: unknown }>) : []
  const moves = entries.filter((e) => typeof e?.at === 'string' && statuses.includes(String(e.status)))
  return (moves.at(-1)?.at as string | undefined) ?? null
}

/** A status as a person says it: "partially refunded", never `partially_refunded`. */
export const spokenStatus = (status: string) => status.replaceAll('_', ' ')

export const CONTACT_STATUSES = ['unread', 'read', 'archived'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]
export const CONTACT_MOVES: Record<ContactStatus, readonly ContactStatus[]> = {
  unread: ['read', 'archived'],
  read: ['archived', 'unread'],
  archived: ['read'],
}

export const APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]
export const APPLICATION_MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  pending: ['approved', 'declined'],
  approved: [],
  declined: [],
}

export function canMove<S extends string>(moves: Record<S, readonly S[]>, from: string, to: string): boolean {
  return (moves[from as S] ?? []).includes(to as S)
}

/** The spec's sponsorship levels (bronze Free Throw, silver Two Point, gold Three Point). Here, not in schemas.ts, so public pages read them without zod. */
export const SPONSORSHIP_LEVELS = ['bronze', 'silver', 'gold'] as const

/**
 * How monthly donors are thanked (the admins' Receipt settings, cms/globals/ReceiptSettings.ts): a receipt
 * each month; each month and one for the whole year in January; or only the yearly one.
 */
export const RECEIPT_SETTINGS = 'receipt-settings'
export const MONTHLY_RECEIPTS = ['monthly', 'monthly-and-year', 'year'] as const
export type MonthlyReceipts = (typeof MONTHLY_RECEIPTS)[number]
