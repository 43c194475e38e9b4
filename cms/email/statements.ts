import type { Payload, Where } from 'payload'
import { toCents } from '#shared/money'
import { isSponsorshipLevel } from '#shared/tiers'
import { campaignShareCents, COUNTED, receivedBetween } from '../payments/ledger'
import { loadAllTiers } from '../payments/tiers'
import { dollars, NO_GOODS_TEXT, organizationBlock, orgName, usDate } from './wording'
import { textPdf } from './pdf'

/** Gifts received in `year` (the day received, else the day entered) that count: completed, less refunds. */
export const givenInYear = (year: number): Where[] => [COUNTED, receivedBetween(`${year}-01-01`, `${year}-12-31`)]

/**
 * One donor's year-end statement (IRS Publication 1771: the organization, each
 * gift's date and amount, the value of goods or services, the deductible
 * part): its lines, and the same as a PDF. Null when the donor gave nothing
 * that year. `summaryAt` is where the totals start (the email repeats them).
 */
export async function yearStatement(payload: Payload, settings: Record<string, string>, email: string, year: number) {
  const wanted = email.trim().toLowerCase()
  const query = (field: 'donorEmail' | 'sponsorEmail') => ({
    where: { and: [...givenInYear(year), { [field]: { like: wanted } }] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  // `like` is a contains match: keep the donor's own address only.
  const own = <T>(docs: T[], email: (doc: T) => string | null | undefined) =>
    docs.filter(
      (doc) =>
        String(email(doc) ?? '')
          .trim()
          .toLowerCase() === wanted,
    )
  const [donations, sponsorships, tiers] = await Promise.all([
    payload.find({ collection: 'donations', ...query('donorEmail') }).then(({ docs }) => own(docs, (d) => d.donorEmail)),
    payload.find({ collection: 'sponsorships', ...query('sponsorEmail') }).then(({ docs }) => own(docs, (d) => d.sponsorEmail)),
    loadAllTiers(payload),
  ])
  // A sponsorship's goods value is its tier's (shared/tiers.ts), never more than what it kept after refunds.
  const gifts = [
    ...donations.map((d) => ({ doc: d, name: d.donorName, goodsCents: 0, what: '' })),
    ...sponsorships.map((s) => {
      const tier = isSponsorshipLevel(s.tier) ? tiers[s.tier] : null
      return {
        doc: s,
        name: s.sponsorName,
        goodsCents: Math.min(tier?.goodsValue ? toCents(tier.goodsValue) : 0, campaignShareCents(s)),
        what: ` (sponsorship${tier ? `: ${tier.name}` : ''})`,
      }
    }),
  ]
    .map((g) => ({ ...g, day: String(g.doc.receivedAt || g.doc.createdAt).slice(0, 10), at: g.doc.createdAt }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.at.localeCompare(b.at))
  if (gifts.length === 0) return null
  const name = String(gifts.at(-1)!.name ?? wanted)
  const totalCents = gifts.reduce((n, g) => n + campaignShareCents(g.doc), 0)
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
    ...gifts.map(({ doc, goodsCents: goods, what }) => {
      const kept = campaignShareCents(doc)
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
