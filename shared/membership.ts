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

/** What a dues payment is for: a membership, or volunteer hours a household bought out (always a participation fee). */
export const DUES_KINDS = ['membership', 'volunteer-buy-out'] as const
export type DuesKind = (typeof DUES_KINDS)[number]
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

/** The personal pages' data, written into the page by the server (SWR fallback keys; never cached, never indexed). */
export const MEMBER_DATA = {
  /** GET /api/member: the signed-in member's household (or null: the page offers a sign-in link). */
  member: '/api/member',
  /** A join link's page (/join/continue/<token>). */
  continue: 'membership:continue',
  /** A sign-in link's page (/member/sign-in/<token>). */
  signIn: 'membership:sign-in',
  /** /join's level and athletes chosen in advance by a renewal reminder's link. */
  prefill: 'membership:prefill',
} as const

/** What a join link's page shows (the server decides it: cms/membership/pages.ts). */
export type ContinueView =
  | { state: 'unknown' }
  | { state: 'expired' }
  | { state: 'closed' }
  | { state: 'member'; household: string; season: string }
  | {
      state: 'pay'
      household: string
      season: string
      level: string
      athletes: number
      amount: string
      benefits: string
      refundDays: number
      /** Families may pay by card (Stripe Checkout); else `payInPerson` says how. */
      card: boolean
      payInPerson: string
      /** Where the pay form posts (this page's own address). */
      action: string
    }

/** What a sign-in link's page shows: a button that spends it, or why it cannot. */
export type SignInView = { state: 'ready'; action: string } | { state: 'unknown' } | { state: 'expired' }

/** /join's choices made in advance (a renewal reminder's link): a level's id and a number of athletes. */
export type JoinPrefill = { level?: string; athletes?: number }

/** A household on the signed-in member's page (only the family's own, only to its adults). */
export type MemberHousehold = {
  name: string
  adults: Array<{ name: string; email: string; phone?: string | null; receivesMail?: boolean | null }>
  address?: string | null
  directory: { listed: boolean; showAdults: boolean; showEmails: boolean; showPhones: boolean }
}

/** GET /api/member. */
export type MemberView = {
  /** The address the member signed in with. */
  email: string
  household: MemberHousehold
  /** The membership of the season open now (or the latest one), or null. */
  membership: null | {
    id: string
    season: string
    level: string
    status: MembershipStatus
    athletes: number
    amount: string
    paidOn: string | null
    method: MembershipMethod | null
    receipt: string | null
    benefits: string
  }
  /** A season is open for joining and the household is not a member of it: /join is where to go. */
  canJoin: string | null
  /** The members' directory while the club has one (else null): the listed households, each with only what it chose. */
  directory: DirectoryEntry[] | null
}

/** GET /api/member/directory: the listed households, each with only what it chose to show. */
export type DirectoryEntry = { name: string; adults: Array<{ name?: string; email?: string; phone?: string }> }

/** The /join form's fields: flat, so the form posts the same without JavaScript (two adults; more at /member). */
export const JOIN_FORM_FIELDS = ['levelId', 'householdName', 'adult1Name', 'adult1Email', 'adult2Name', 'adult2Email', 'athletes'] as const
export type JoinFormValues = Record<(typeof JOIN_FORM_FIELDS)[number], string>

/** The form's values as POST /api/membership/join takes them: the second adult only when given. */
export function joinRequestFrom(values: Partial<JoinFormValues>) {
  const adult = (n: 1 | 2) => ({ name: values[`adult${n}Name`] ?? '', email: values[`adult${n}Email`] ?? '' })
  const second = adult(2)
  return {
    levelId: values.levelId ?? '',
    householdName: values.householdName ?? '',
    adults: [adult(1), ...(second.name.trim() || second.email.trim() ? [second] : [])],
    athletes: values.athletes ?? '',
  }
}

/** The form field an issue of that request is about ("adults.1.email" → "adult2Email"). */
export function joinFieldOf(path: string): string {
  const adult = /^adults\.(\d)\.(name|email)/.exec(path)
  if (adult) return `adult${Number(adult[1]) + 1}${adult[2] === 'name' ? 'Name' : 'Email'}`
  return path.startsWith('adults') ? 'adult2Email' : path.split('.')[0]
}
