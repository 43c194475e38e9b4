import { formatCents, formatMoney, toCents } from '#shared/money'

/** What every receipt and statement says alike (cms/email/messages.ts, cms/email/statements.ts). */

export const NO_GOODS_TEXT = 'No goods or services were provided in exchange for this contribution.'

/** A volunteer-hours buy-out's statement (docs/VOLUNTEERS.md "Buy-out"): always a participation fee. */
export const BUY_OUT_FEE_TEXT =
  'This payment for volunteer hours not worked is a fee for program participation, not a charitable contribution: no part of it is deductible as a contribution.'

/** Dues a level calls a participation fee (docs/MEMBERSHIP.md): no contribution, so nothing of them is deductible. */
export const PARTICIPATION_FEE_TEXT =
  'These dues are a membership fee for program participation, not a charitable contribution: no part of them is deductible as a contribution.'

/** "$1,200.00": amounts in receipts, as an American reader writes them. */
export const dollars = (amount: string | number) =>
  formatMoney(formatCents(typeof amount === 'number' ? amount : toCents(amount)), { alwaysCents: true })

/** "2026-11-24" (or a timestamp) → "November 24, 2026", the calendar day as stored (UTC). */
export function usDate(iso: string): string {
  const day = new Date(`${String(iso).slice(0, 10)}T12:00:00Z`)
  if (Number.isNaN(day.getTime())) return String(iso)
  return day.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}

export const orgName = (settings: Record<string, string>) => settings['organization/legalName'] || 'Lady Hawks Boosters'

/** A sentence ending in `text`: "…to Lady Hawks Boosters, Inc." takes no second period. */
export const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

/**
 * The closing every receipt carries: who the club is and why the gift is deductible; without
 * `deductible` (nothing of the gift remains a contribution) it never says the contribution is deductible.
 */
export function organizationBlock(settings: Record<string, string>, deductible = true): string[] {
  const name = orgName(settings)
  return [
    `${name} is a tax-exempt organization under Section 501(c)(3) of the Internal Revenue Code (EIN ${settings['organization/ein']}).`,
    deductible
      ? 'Your contribution is tax-deductible to the extent allowed by law. Please keep this receipt for your tax records.'
      : 'Please keep this letter for your tax records.',
    '',
    name,
    ...(settings['organization/address'] ? [settings['organization/address']] : []),
    `EIN: ${settings['organization/ein']}`,
    '',
  ]
}
