/**
 * How money records (donations, sponsorships) and inbox items move between
 * statuses. One table per kind; the server refuses any other move with 409
 * and the admin shows only the moves listed here (docs/payments.md).
 */
export const MONEY_STATUSES = ['pending', 'completed', 'failed', 'refunded', 'partially_refunded', 'void'] as const
export type MoneyStatus = (typeof MONEY_STATUSES)[number]

export const PAYMENT_METHODS = ['stripe', 'cash', 'check', 'venmo', 'giving_platform', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

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
