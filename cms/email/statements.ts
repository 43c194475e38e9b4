import type { Payload, Where } from 'payload'
import { toCents } from '#shared/money'
import { campaignShareCents, COUNTED, receivedBetween } from '../payments/ledger'
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
  const { docs } = await payload.find({
    collection: 'donations',
    where: { and: [...givenInYear(year), { donorEmail: { like: wanted } }] },
    pagination: false,
    sort: 'createdAt',
    depth: 0,
    overrideAccess: true,
  })
  const gifts = docs
    .filter(
      (d) =>
        String(d.donorEmail ?? '')
          .trim()
          .toLowerCase() === wanted,
    )
    .map((d) => ({ ...d, day: String(d.receivedAt || d.createdAt).slice(0, 10) }))
    .sort((a, b) => a.day.localeCompare(b.day))
  if (gifts.length === 0) return null
  const name = String(gifts.at(-1)!.donorName ?? wanted)
  const totalCents = gifts.reduce((n, g) => n + campaignShareCents(g), 0)
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
    ...gifts.map((g) => {
      const kept = campaignShareCents(g)
      const refund = toCents(g.amount) - kept
      return [
        usDate(g.day),
        g.receiptNumber || 'not issued',
        `${dollars(kept)}${refund > 0 ? ` (${dollars(g.amount)} less a ${dollars(refund)} refund)` : ''}`,
        dollars(0),
        dollars(kept),
      ].join(' | ')
    }),
    '',
  ]
  const summaryAt = lines.length
  lines.push(
    `Total for ${year}: ${dollars(totalCents)} from ${gifts.length} gift${gifts.length === 1 ? '' : 's'}; deductible: ${dollars(totalCents)}.`,
    NO_GOODS_TEXT.replace('this contribution', 'these contributions'),
    '',
    ...organizationBlock(settings),
  )
  const filename = `giving-statement-${year}-${wanted.replace(/[^a-z0-9]+/g, '-')}.pdf`
  return { name, lines, summaryAt, filename, pdf: textPdf(lines, `Giving statement ${year}, ${name}`) }
}
