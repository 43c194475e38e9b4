import { tierForLevel, isSponsorshipLevel, type TierRecord } from '#shared/tiers'
import { clubDayOf } from '../env'

/**
 * The data step of migration club_day (SQLite: cms/db/migrations/*_club_day.ts; MongoDB:
 * upgradeMongo.ts), written once for both: what each stored gift becomes. Card gifts were dated by
 * the UTC day of Stripe's timestamp; they belong to the club's day (docs/payments.md "The club's day").
 *
 * Stripe's own timestamp was never stored before this version (not on the gift, not in stripe-events).
 * What is stored is the moment the webhook recorded the gift (`createdAt`), which Stripe sends within
 * seconds of the payment. A card gift recorded on the same UTC day its stored day names is re-dated to
 * the club's day of that moment; one recorded on another UTC day (a delivery Stripe retried across
 * midnight) cannot be re-dated safely and is counted and logged for the treasurer. A gift with no day
 * at all gets the club's day of the moment it was entered. A receipt already sent with the wrong date
 * gets a corrected receipt (outbox kind `donation-redated`).
 */
export type StoredGift = {
  id: string
  receivedAt: string | null
  createdAt: string
  fromStripe: boolean
  receiptNumber: string | null
  email: string | null
}

export type Redating = {
  days: Array<{ id: string; receivedAt: string }>
  corrections: Array<{ key: string; kind: 'donation-redated'; recordId: string; to: string }>
  report: { redated: number; notRedated: number; dayGiven: number }
}

export function redateGifts(gifts: StoredGift[]): Redating {
  const result: Redating = { days: [], corrections: [], report: { redated: 0, notRedated: 0, dayGiven: 0 } }
  for (const gift of gifts) {
    const entered = new Date(gift.createdAt)
    if (Number.isNaN(entered.getTime())) continue
    if (!gift.receivedAt) {
      result.days.push({ id: gift.id, receivedAt: clubDayOf(entered) })
      result.report.dayGiven += 1
      continue
    }
    // An offline gift's day is the day typed.
    if (!gift.fromStripe) continue
    if (entered.toISOString().slice(0, 10) !== gift.receivedAt) {
      result.report.notRedated += 1
      continue
    }
    const day = clubDayOf(entered)
    if (day === gift.receivedAt) continue
    result.days.push({ id: gift.id, receivedAt: day })
    result.report.redated += 1
    if (gift.receiptNumber && gift.email?.includes('@'))
      result.corrections.push({ key: `redated:${gift.id}:${gift.receivedAt}`, kind: 'donation-redated', recordId: gift.id, to: gift.email })
  }
  return result
}

export const redatingMessage = ({ report }: Redating) =>
  `club_day: ${report.redated} card gifts re-dated to the club's day, ${report.dayGiven} gifts without a day given the club's day they were entered; ` +
  `${report.notRedated} card gifts could not be re-dated (Stripe's timestamp was never stored and the gift was recorded on another UTC day than its stored day): check their dates by hand`

/** What a recorded sponsorship keeps of its level (Sponsorships.ts levelSnapshot), from the level's record today: the best known. */
export function levelSnapshotOf(level: unknown, tiers: TierRecord[]) {
  if (!isSponsorshipLevel(level)) return null
  const tier = tierForLevel(tiers, level)
  return { tierName: tier.name, tierPrice: tier.amount, goodsValue: tier.goodsValue, benefits: tier.benefits }
}
