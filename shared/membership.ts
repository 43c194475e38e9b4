import { formatCents, formatMoney, toCents } from './money'

/**
 * Memberships (docs/MEMBERSHIP.md): what the server and both front ends say alike about seasons, levels,
 * prices and the tax treatment of dues. Amounts are money strings ("60.00"), days the club's `YYYY-MM-DD`.
 */

/**
 * How the IRS sees a level's dues (docs/MEMBERSHIP.md "Tax treatment"): a contribution whose member
 * benefits are insubstantial (Pub. 1771), a contribution less the good-faith value of the benefits given
 * (Rev. Rul. 68-432, quid pro quo), or a fee for taking part in the program, which is no contribution.
 */
export const TAX_TREATMENTS = ['contribution', 'contribution-with-benefits', 'participation-fee'] as const
export type TaxTreatment = (typeof TAX_TREATMENTS)[number]
export const TAX_TREATMENT_LABELS: Record<TaxTreatment, string> = {
  contribution: 'Contribution (member benefits of insubstantial value)',
  'contribution-with-benefits': 'Contribution with benefits of a stated value',
  'participation-fee': 'Participation fee (not a contribution)',
}

/** Publication 1771: a payment above this needs a quid pro quo disclosure when goods or services are given. */
export const QUID_PRO_QUO_THRESHOLD_CENTS = 75_00

export const MEMBERSHIP_STATUSES = ['pending', 'active', 'lapsed', 'refunded', 'cancelled', 'comped'] as const
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]
/** A household counts as a member of the season while its membership is one of these. */
export const MEMBER_STATUSES: readonly MembershipStatus[] = ['active', 'comped']

/** How a membership was paid: card (Stripe Checkout), check, cash, or comped by an admin (no money). */
export const MEMBERSHIP_METHODS = ['card', 'check', 'cash', 'comp'] as const
export type MembershipMethod = (typeof MEMBERSHIP_METHODS)[number]

export const MAX_ADULTS = 4
export const MAX_ATHLETES = 10

/** A level's prices as the collection stores them (money strings; the optional ones null or absent). */
export type LevelPrices = {
  price: string
  perAdditionalAthlete?: string | null
  householdCap?: string | null
  latePrice?: string | null
  lateFrom?: string | null
}

const cents = (amount: string | null | undefined) => (amount ? toCents(amount) : 0)

/**
 * What a household pays for a level on a club day: the base price (the late price from its day on), plus
 * the price per additional athlete for each athlete after the first, never more than the household cap.
 * The server alone decides it (the browser shows the same figure, never sends it).
 */
export function duesCents(level: LevelPrices, athletes: number, day: string): number {
  const late = Boolean(level.latePrice && level.lateFrom && day >= level.lateFrom)
  const base = late ? cents(level.latePrice) : cents(level.price)
  const total = base + cents(level.perAdditionalAthlete) * Math.max(0, athletes - 1)
  return level.householdCap ? Math.min(total, cents(level.householdCap)) : total
}

export const duesAmount = (level: LevelPrices, athletes: number, day: string) => formatCents(duesCents(level, athletes, day))

/** The part of a payment of `paidCents` that is no contribution: the benefits' value, or all of a participation fee. */
export function notDeductibleCents(treatment: TaxTreatment, benefitsValue: string | null | undefined, paidCents: number): number {
  if (treatment === 'participation-fee') return paidCents
  if (treatment === 'contribution-with-benefits') return Math.min(cents(benefitsValue), paidCents)
  return 0
}

/** "Of your $60, $0 buys goods or services." (or "none of it is a contribution" for a participation fee). */
export function benefitsInWords(treatment: TaxTreatment, benefitsValue: string | null | undefined, paid: string): string {
  const money = (c: number) => formatMoney(formatCents(c))
  const paidCents = toCents(paid)
  if (treatment === 'participation-fee')
    return `Of your ${money(paidCents)}, all of it pays for taking part in the program: it is a participation fee, not a tax-deductible contribution.`
  const goods = notDeductibleCents(treatment, benefitsValue, paidCents)
  return `Of your ${money(paidCents)}, ${money(goods)} buys goods or services; ${money(paidCents - goods)} is a tax-deductible contribution.`
}

/** Seasons' days (club days, compared as text). */
export type SeasonDays = { startsOn: string; endsOn: string; renewalOpensOn: string; renewalDeadline: string }

/** A family may join a season from its start or its renewal opening, whichever is first, through its end. */
export const joinOpensOn = (season: SeasonDays) => (season.renewalOpensOn < season.startsOn ? season.renewalOpensOn : season.startsOn)
export const isJoinable = (season: SeasonDays, day: string) => joinOpensOn(season) <= day && day <= season.endsOn

export { addDays } from './clubDay'

/** The public card of a level on offer (GET /api/membership/levels): amounts as the API writes money. */
export type PublicLevel = {
  id: string
  name: string
  description: string
  /** The season's id. */
  season: string
  seasonLabel: string
  price: string
  perAdditionalAthlete: string
  householdCap: string | null
  latePrice: string | null
  lateFrom: string | null
  benefitsValue: string
  benefits: string[]
  taxTreatment: TaxTreatment
  /** What one athlete's household pays today (the late price once it applies). */
  priceToday: string
  /** The season's refund rule: days after paying within which dues are refunded on request. */
  refundDays: number
}
