import type { Payload, PayloadRequest, Where } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { notDeductibleCents, TAX_TREATMENT_LABELS, type TaxTreatment } from '#shared/membership'
import type { Statement } from '../payload-types'
import type { Email } from '../outbox/outbox'
import { COUNTED, giftDay, type MoneyCollection, type MoneyDoc, readMoneyRecords, receivedBetween } from '../payments/ledger'
import { keptCents, moneyTotals } from '../payments/totals'
import { isUniqueViolation } from '../db/transaction'
import { clubDayOf } from '../env'
import { type Refund, refundsOf } from '../payments/refunds'
import { loadAllTiers, recordedLevel } from '../payments/tiers'
import { dollars, NO_GOODS_TEXT, organizationBlock, orgName, usDate } from './wording'
import { textPdf } from './pdf'

/** Records received in `year` (the day received, else the day entered). */
export const receivedInYear = (year: number): Where => receivedBetween(`${year}-01-01`, `${year}-12-31`)

/** One completed gift (donation, sponsorship or membership dues alike), as a statement and the donors list count it. */
export type Gift = {
  doc: MoneyDoc
  collection: MoneyCollection
  /** The giver's email, trimmed and lower-cased: donors are grouped by it. */
  email: string
  name: string
  /** The day received, else the day entered (YYYY-MM-DD). */
  day: string
  /** What the gift kept after refunds (the campaign totals' figure). */
  keptCents: number
  /**
   * What is no contribution, never more than it kept: a sponsorship's goods value (its tier's, shared/tiers.ts), a
   * membership's benefits (all of a participation fee); 0 for a donation.
   */
  goodsCents: number
  /** " (sponsorship: 3 Point)", " (membership 2026–27: Family; participation fee, not a contribution)" on its line. */
  what: string
}

/**
 * Every gift that counts (completed, less refunds) among the records matching
 * `and`: donations by `donorEmail` and sponsorships by `sponsorEmail`, because a
 * sponsorship is a gift too (with goods in exchange). With `email`, that
 * giver's only (case-insensitive). Oldest first; records without an email are left out.
 */
export async function giftsWhere(payload: Payload, and: Where[], email?: string): Promise<Gift[]> {
  const wanted = email?.trim().toLowerCase()
  const where = (field: 'donorEmail' | 'sponsorEmail' | 'payerEmail') => ({
    and: [COUNTED, ...and, ...(wanted ? [{ [field]: { like: wanted } }] : [])],
  })
  // Only what a statement line needs: a few thousand gifts a year are read at once.
  const fields = {
    amount: true,
    refundedAmount: true,
    refundedOn: true,
    refunds: true,
    status: true,
    receivedAt: true,
    createdAt: true,
    receiptNumber: true,
  } as const
  const [donations, sponsorships, dues, tiers] = await Promise.all([
    readMoneyRecords(payload, 'donations', where('donorEmail'), { ...fields, donorEmail: true, donorName: true }, 'createdAt'),
    readMoneyRecords(
      payload,
      'sponsorships',
      where('sponsorEmail'),
      { ...fields, sponsorEmail: true, sponsorName: true, tier: true, tierName: true, goodsValue: true },
      'createdAt',
    ),
    readMoneyRecords(
      payload,
      'dues',
      where('payerEmail'),
      { ...fields, payerEmail: true, payerName: true, kind: true, what: true, taxTreatment: true, goodsValue: true },
      'createdAt',
    ),
    loadAllTiers(payload),
  ])
  const gift = (collection: MoneyCollection, doc: MoneyDoc, email: unknown, name: unknown, goodsCents: number, what: string): Gift => ({
    doc,
    collection,
    email: String(email ?? '')
      .trim()
      .toLowerCase(),
    name: String(name ?? ''),
    day: giftDay(doc),
    keptCents: keptCents(doc),
    goodsCents: Math.min(goodsCents, keptCents(doc)),
    what,
  })
  return (
    [
      ...donations.map((d) => gift('donations', d, d.donorEmail, d.donorName, 0, '')),
      ...sponsorships.map((s) => {
        // The level as recorded with the sponsorship: a later edit of the level changes no statement.
        const tier = recordedLevel(s, tiers)
        const goods = tier?.goodsValue ? toCents(tier.goodsValue) : 0
        return gift('sponsorships', s, s.sponsorEmail, s.sponsorName, goods, ` (sponsorship${tier ? `: ${tier.name}` : ''})`)
      }),
      ...dues.map((d) => {
        // The tax treatment and benefits' value recorded with the payment (docs/MEMBERSHIP.md "Receipts").
        const treatment = d.taxTreatment as TaxTreatment
        const goods = notDeductibleCents(treatment, d.goodsValue, keptCents(d))
        return gift(
          'dues',
          d,
          d.payerEmail,
          d.payerName,
          goods,
          ` (${d.kind === 'volunteer-buy-out' ? '' : 'membership '}${d.what}; ${TAX_TREATMENT_LABELS[treatment].toLowerCase()})`,
        )
      }),
    ]
      // `like` is a contains match: keep the giver's own address only.
      .filter((g) => g.email && (!wanted || g.email === wanted))
      .sort((a, b) => a.day.localeCompare(b.day) || String(a.doc.createdAt).localeCompare(String(b.doc.createdAt)))
  )
}

/**
 * `giftsWhere`'s gifts by giver (the donors list, the large-donor list), each giver's oldest first and named as on
 * their latest gift that carries a name.
 */
export function giftsByDonor(gifts: Gift[]): Map<string, { name: string; gifts: Gift[] }> {
  const byEmail = new Map<string, { name: string; gifts: Gift[] }>()
  for (const gift of gifts) {
    const donor = byEmail.get(gift.email) ?? { name: gift.name, gifts: [] }
    donor.gifts.push(gift)
    donor.name = gift.name || donor.name
    byEmail.set(gift.email, donor)
  }
  return byEmail
}

/** What a corrected statement says of the one it replaces (cms/email/statements.ts `correctionOf`). */
export type Correction = { replaces: Statement; reason: string }

/** One donor's year-end statement, with its PDF: `statementOf` their gifts of the year, read now. */
export async function yearStatement(
  payload: Payload,
  settings: Record<string, string>,
  email: string,
  year: number,
  correction?: Correction,
) {
  const built = statementOf(settings, email, year, await giftsWhere(payload, [receivedInYear(year)], email), correction)
  return built && { ...built, pdf: textPdf(built.lines, built.title) }
}

/**
 * One donor's year-end statement (IRS Publication 1771: the organization, each
 * gift's date and amount, the value of goods or services, the deductible
 * part): its lines and its figures, from the donor's gifts of the year (a
 * mailing reads every donor's at once). Null when the donor gave nothing that
 * year, unless it corrects a statement mailed before (then it may say the year
 * now holds no gift). `summaryAt` is where the totals start (the email repeats them).
 */
export function statementOf(settings: Record<string, string>, email: string, year: number, gifts: Gift[], correction?: Correction) {
  const wanted = email.trim().toLowerCase()
  if (gifts.length === 0 && !correction) return null
  const name = gifts.at(-1)?.name || correction?.replaces.name || wanted
  const totalCents = moneyTotals(gifts.map((g) => g.doc)).keptCents
  const goodsCents = gifts.reduce((n, g) => n + g.goodsCents, 0)
  const preparedOn = clubDayOf()
  const lines = [
    orgName(settings),
    ...settings['organization/address'].split('\n'),
    `EIN: ${settings['organization/ein']}`,
    '',
    `${correction ? 'Corrected year-end' : 'Year-end'} giving statement for ${year}`,
    `Prepared ${usDate(preparedOn)}`,
    `Donor: ${name} <${wanted}>`,
    ...(correction
      ? [
          `This corrected statement replaces the statement dated ${usDate(correction.replaces.preparedOn)}, because ${correction.reason}.`,
          'Please keep it with your tax records in place of the earlier one.',
        ]
      : []),
    '',
    'Date | Receipt | Amount | Goods or services | Deductible',
    ...gifts.map(({ doc, keptCents: kept, goodsCents: goods, what }) => {
      return [
        usDate(String(doc.receivedAt || doc.createdAt)),
        doc.receiptNumber || 'not issued',
        `${dollars(kept)}${refundsNote(doc)}${what}`,
        dollars(goods),
        dollars(kept - goods),
      ].join(' | ')
    }),
    ...(gifts.length === 0 ? [`No gift from you remains on our books for ${year}.`] : []),
    '',
  ]
  const summaryAt = lines.length
  lines.push(
    `Total for ${year}: ${dollars(totalCents)} from ${gifts.length} gift${gifts.length === 1 ? '' : 's'}; deductible: ${dollars(totalCents - goodsCents)}.`,
    ...(gifts.length === 0
      ? []
      : goodsCents > 0
        ? [
            `Goods or services provided in exchange (sponsorship or member benefits, and dues that are a participation fee), by our good-faith estimate: ${dollars(goodsCents)}; only the rest is deductible.`,
          ]
        : [NO_GOODS_TEXT.replace('this contribution', 'these contributions')]),
    '',
    ...organizationBlock(settings, gifts.length > 0),
  )
  const filename = `giving-statement-${year}${correction ? '-corrected' : ''}-${wanted.replace(/[^a-z0-9]+/g, '-')}.pdf`
  const title = `${correction ? 'Corrected giving' : 'Giving'} statement ${year}, ${name}`
  return {
    name,
    email: wanted,
    year,
    preparedOn,
    lines,
    summaryAt,
    filename,
    title,
    totalCents,
    goodsCents,
    giftCount: gifts.length,
  }
}

export type YearStatement = NonNullable<Awaited<ReturnType<typeof yearStatement>>>

/**
 * What a gift's statement line says of its refunds, each with its day (cms/payments/refunds.ts): " ($500.00
 * less a $200.00 refund on February 3, 2026)", or with two "less $100.00 refunded on … and $50.00 refunded on …".
 */
function refundsNote(doc: MoneyDoc): string {
  const refunds = refundsOf(doc)
  if (refunds.length === 0) return ''
  const said = (r: Refund) =>
    `${dollars(r.amount)} ${r.kind === 'dispute' ? 'taken back by a card dispute' : 'refunded'} on ${usDate(r.day)}`
  if (refunds.length === 1 && refunds[0].kind !== 'dispute')
    return ` (${dollars(doc.amount)} less a ${dollars(refunds[0].amount)} refund on ${usDate(refunds[0].day)})`
  return ` (${dollars(doc.amount)} less ${refunds.map(said).join(' and ')})`
}

/** The gift lines and figures of a statement: what a donor was told, without the day it was prepared. */
const toldFigures = (s: { lines: unknown; summaryAt: number; totalAmount: string; goodsAmount: string; giftCount: number }) =>
  JSON.stringify([
    (s.lines as string[]).slice((s.lines as string[]).indexOf('Date | Receipt | Amount | Goods or services | Deductible'), s.summaryAt),
    s.totalAmount,
    s.goodsAmount,
    s.giftCount,
  ])

const figuresOf = (built: NonNullable<ReturnType<typeof statementOf>>) => ({
  totalAmount: formatCents(built.totalCents),
  goodsAmount: formatCents(built.goodsCents),
  deductibleAmount: formatCents(built.totalCents - built.goodsCents),
  giftCount: built.giftCount,
})

/** True when `built` tells the donor something `kept` did not: another gift, amount, refund or goods value. */
export const statementChanged = (kept: Statement, built: NonNullable<ReturnType<typeof statementOf>>) =>
  toldFigures(kept as Parameters<typeof toldFigures>[0]) !== toldFigures({ ...built, ...figuresOf(built) })

/** Why a statement mailed again replaces the one before ("because …"). */
export const correctedReason = (year: number) => `the gifts on our books for ${year} changed after it was sent`

/** How many of the year's statements are queued to go out, kept or not yet (the outbox writes each as it sends it). */
export async function queuedStatements(payload: Payload, year: number): Promise<number> {
  const { totalDocs } = await payload.count({
    collection: 'email-outbox',
    where: { and: [{ kind: { equals: 'donor-statement' } }, { key: { like: `statement:${year}:` } }] },
    overrideAccess: true,
  })
  return totalDocs
}

/** The latest statement mailed to `email` for `year` (a correction included), or null. */
export async function lastStatement(payload: Payload, year: number, email: string, req?: PayloadRequest): Promise<Statement | null> {
  const { docs } = await payload.find({
    collection: 'statements',
    where: { and: [{ year: { equals: year } }, { email: { equals: email.trim().toLowerCase() } }] },
    sort: '-createdAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return docs[0] ?? null
}

/**
 * Keeps a statement as it is mailed (cms/money/collections/Statements.ts): its
 * figures, its lines and the PDF's bytes, under the outbox key of the message
 * that mails it.
 */
export async function keepStatement(
  payload: Payload,
  req: PayloadRequest | undefined,
  built: YearStatement,
  outboxKey: string,
  correction?: Correction,
) {
  return payload.create({
    collection: 'statements',
    data: {
      year: built.year,
      email: built.email,
      name: built.name.slice(0, 200),
      kind: correction ? 'corrected' : 'statement',
      preparedOn: built.preparedOn,
      ...(correction ? { replaces: correction.replaces.id, reason: correction.reason.slice(0, 1000) } : {}),
      ...figuresOf(built),
      lines: built.lines,
      summaryAt: built.summaryAt,
      filename: built.filename,
      pdf: built.pdf.toString('base64'),
      outboxKey,
    },
    depth: 0,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
}

/**
 * The statement a queued `donor-statement` message mails. `<year>:<email>` (cms/money/donors.ts) is written from the
 * books the first time it is asked for, by the mailing's own pass or by the outbox, whichever comes first, and kept
 * under the message's key: the same bytes on every retry (a corrected one when the donor was sent one before; none
 * when nothing changed since). Any other recordId names a kept statement, mailed again as kept (a copy, or one
 * queued before statements were written as they go).
 */
export async function queuedStatement(
  payload: Payload,
  settings: Record<string, string>,
  item: { key: string; recordId: string },
): Promise<Statement | { withdraw: string } | { hold: string }> {
  const find = async (where: Where) =>
    (await payload.find({ collection: 'statements', where, limit: 1, depth: 0, overrideAccess: true })).docs[0] as Statement | undefined
  const kept = await find({ outboxKey: { equals: item.key } })
  if (kept) return kept
  const whose = /^(\d{4}):(.+)$/.exec(item.recordId)
  if (!whose) return (await find({ id: { equals: item.recordId } })) ?? { hold: 'The statement to mail no longer exists.' }
  const [year, email] = [Number(whose[1]), whose[2]]
  const replaces = await lastStatement(payload, year, email)
  const correction = replaces ? { replaces, reason: correctedReason(year) } : undefined
  const built = await yearStatement(payload, settings, email, year, correction)
  if (!built) return { withdraw: `Not sent: no gift from ${email} remains on our books for ${year}` }
  if (replaces && !statementChanged(replaces, built)) return { withdraw: 'Not sent: nothing changed since the last statement' }
  try {
    return await keepStatement(payload, undefined, built, item.key, correction)
  } catch (err) {
    // Written at the same moment by the other pass: theirs is the one kept.
    const theirs = isUniqueViolation(err) ? await find({ outboxKey: { equals: item.key } }) : undefined
    if (theirs) return theirs
    throw err
  }
}

/** The mail of a kept statement: its summary in the text, its PDF (the very bytes kept) attached. */
export function statementMail(
  settings: Record<string, string>,
  statement: Statement,
  replaced: Statement | null,
  receiptMail: (to: string, subject: string, lines: string[]) => Email,
): Email {
  const org = orgName(settings)
  const lines = statement.lines as string[]
  const opening = replaced
    ? [
        `This corrected ${statement.year} giving statement replaces the one we sent you dated ${usDate(replaced.preparedOn)}, because ${statement.reason}. Please keep the attached PDF with your tax records in place of the earlier one.`,
      ]
    : [
        `Thank you for your support in ${statement.year}. Your year-end giving statement is attached as a PDF: every gift you made to ${org} that year, with its receipt number and the part you may deduct.`,
      ]
  const mail = receiptMail(statement.email, `${replaced ? 'Corrected: your' : 'Your'} ${statement.year} giving statement from ${org}`, [
    `Dear ${statement.name || statement.email},`,
    '',
    ...opening,
    '',
    ...lines.slice(statement.summaryAt),
  ])
  return {
    ...mail,
    attachments: [{ filename: statement.filename, content: Buffer.from(statement.pdf, 'base64'), contentType: 'application/pdf' }],
  }
}
