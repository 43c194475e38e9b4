import type { Payload, Where } from 'payload'
import { toCents } from '#shared/money'
import { campaignShareCents, COUNTED, type MoneyDoc, receivedBetween } from '../payments/ledger'
import { loadAllTiers, recordedLevel } from '../payments/tiers'
import { dollars, NO_GOODS_TEXT, organizationBlock, orgName, usDate } from './wording'
import { textPdf } from './pdf'

/** Records received in `year` (the day received, else the day entered). */
export const receivedInYear = (year: number): Where => receivedBetween(`${year}-01-01`, `${year}-12-31`)

/** Who may read the records: the signed-in staff member (`asStaff`), or the system (the outbox). */
type Access = { overrideAccess: boolean; user?: unknown; context?: Record<string, unknown> }

/** One completed gift, donation or sponsorship alike, as a statement and the donors list count it. */
export type Gift = {
  doc: MoneyDoc
  /** The giver's email, trimmed and lower-cased: donors are grouped by it. */
  email: string
  name: string
  /** The day received, else the day entered (YYYY-MM-DD). */
  day: string
  /** What the gift kept after refunds (the campaign totals' figure). */
  keptCents: number
  /** A sponsorship's goods value: its tier's (shared/tiers.ts), never more than it kept; 0 for a donation. */
  goodsCents: number
  /** " (sponsorship: 3 Point)" on a sponsorship's statement line. */
  what: string
}

/**
 * Every gift that counts (completed, less refunds) among the records matching
 * `and`: donations by `donorEmail` and sponsorships by `sponsorEmail`, because a
 * sponsorship is a gift too (with goods in exchange). With `email`, that
 * giver's only (case-insensitive). Oldest first; records without an email are left out.
 */
export async function giftsWhere(payload: Payload, and: Where[], access: Access, email?: string): Promise<Gift[]> {
  const wanted = email?.trim().toLowerCase()
  const query = (field: 'donorEmail' | 'sponsorEmail') => ({
    where: { and: [COUNTED, ...and, ...(wanted ? [{ [field]: { like: wanted } }] : [])] },
    pagination: false as const,
    sort: 'createdAt',
    depth: 0,
    ...access,
  })
  // Only what a statement line needs: a few thousand gifts a year are read at once.
  const fields = { amount: true, refundedAmount: true, status: true, receivedAt: true, createdAt: true, receiptNumber: true } as const
  const [donations, sponsorships, tiers] = await Promise.all([
    payload
      .find({ collection: 'donations', ...query('donorEmail'), select: { ...fields, donorEmail: true, donorName: true } })
      .then(({ docs }) => docs),
    payload
      .find({
        collection: 'sponsorships',
        ...query('sponsorEmail'),
        select: { ...fields, sponsorEmail: true, sponsorName: true, tier: true, tierName: true, goodsValue: true },
      })
      .then(({ docs }) => docs),
    loadAllTiers(payload),
  ])
  const gift = (doc: MoneyDoc, email: unknown, name: unknown, goodsCents: number, what: string): Gift => ({
    doc,
    email: String(email ?? '')
      .trim()
      .toLowerCase(),
    name: String(name ?? ''),
    day: String(doc.receivedAt || doc.createdAt).slice(0, 10),
    keptCents: campaignShareCents(doc),
    goodsCents: Math.min(goodsCents, campaignShareCents(doc)),
    what,
  })
  return (
    [
      ...donations.map((d) => gift(d, d.donorEmail, d.donorName, 0, '')),
      ...sponsorships.map((s) => {
        // The level as recorded with the sponsorship: a later edit of the level changes no statement.
        const tier = recordedLevel(s, tiers)
        const goods = tier?.goodsValue ? toCents(tier.goodsValue) : 0
        return gift(s, s.sponsorEmail, s.sponsorName, goods, ` (sponsorship${tier ? `: ${tier.name}` : ''})`)
      }),
    ]
      // `like` is a contains match: keep the giver's own address only.
      .filter((g) => g.email && (!wanted || g.email === wanted))
      .sort((a, b) => a.day.localeCompare(b.day) || String(a.doc.createdAt).localeCompare(String(b.doc.createdAt)))
  )
}

/**
 * One donor's year-end statement (IRS Publication 1771: the organization, each
 * gift's date and amount, the value of goods or services, the deductible
 * part): its lines, and the same as a PDF. Null when the donor gave nothing
 * that year. `summaryAt` is where the totals start (the email repeats them).
 */
export async function yearStatement(payload: Payload, settings: Record<string, string>, email: string, year: number) {
  const wanted = email.trim().toLowerCase()
  const gifts = await giftsWhere(payload, [receivedInYear(year)], { overrideAccess: true }, wanted)
  if (gifts.length === 0) return null
  const name = gifts.at(-1)!.name || wanted
  const totalCents = gifts.reduce((n, g) => n + g.keptCents, 0)
  const goodsCents = gifts.reduce((n, g) => n + g.goodsCents, 0)
  const lines = [
    orgName(settings),
    ...settings['organization/address'].split('\n'),
    `EIN: ${settings['organization/ein']}`,
    '',
    `Year-end giving statement for ${year}`,
    `Prepared ${usDate(new Date().toISOString())}`,
    `Donor: ${name} <${wanted}>`,
    '',
    'Date | Receipt | Amount | Goods or services | Deductible',
    ...gifts.map(({ doc, keptCents: kept, goodsCents: goods, what }) => {
      const refund = toCents(doc.amount) - kept
      return [
        usDate(String(doc.receivedAt || doc.createdAt)),
        doc.receiptNumber || 'not issued',
        `${dollars(kept)}${refund > 0 ? ` (${dollars(doc.amount)} less a ${dollars(refund)} refund)` : ''}${what}`,
        dollars(goods),
        dollars(kept - goods),
      ].join(' | ')
    }),
    '',
  ]
  const summaryAt = lines.length
  lines.push(
    `Total for ${year}: ${dollars(totalCents)} from ${gifts.length} gift${gifts.length === 1 ? '' : 's'}; deductible: ${dollars(totalCents - goodsCents)}.`,
    goodsCents > 0
      ? `Goods or services provided in exchange (sponsorship benefits), by our good-faith estimate: ${dollars(goodsCents)}; only the rest is deductible.`
      : NO_GOODS_TEXT.replace('this contribution', 'these contributions'),
    '',
    ...organizationBlock(settings),
  )
  const filename = `giving-statement-${year}-${wanted.replace(/[^a-z0-9]+/g, '-')}.pdf`
  return { name, lines, summaryAt, filename, pdf: textPdf(lines, `Giving statement ${year}, ${name}`) }
}
