import type { Payload } from 'payload'
import { composeAccountMail, isAccountMail } from '../auth/accountMail'
import { toCents } from '#shared/money'
import { VOID_CATEGORY_LABELS, type VoidCategory } from '#shared/payments'
import { isSponsorshipLevel } from '#shared/tiers'
import { notDeductibleCents, type TaxTreatment } from '#shared/membership'
import type { Statement } from '../payload-types'
import { inTransaction } from '../db/transaction'
import { env } from '../env'
import type { Composed, Email, OutboxItem } from '../outbox/outbox'
import { campaignIdOf, giftDay, MONEY_COLLECTIONS, type MoneyCollection, payerOf } from '../payments/ledger'
import { refundedCents, refundsOf } from '../payments/refunds'
import { keptCents, moneyTotals } from '../payments/totals'
import { receiptNumberFor } from '../payments/receiptNumbers'
import { monthlyPayments, monthlyReceiptsSetting, YEAR_RECEIPT_KIND } from '../payments/yearReceipts'
import { loadAllTiers, recordedLevel } from '../payments/tiers'
import { keepStatement, lastStatement, queuedStatement, statementChanged, statementMail, yearStatement } from './statements'
import {
  BUY_OUT_FEE_TEXT,
  dollars,
  endSentence,
  NO_GOODS_TEXT,
  organizationBlock,
  orgName,
  PARTICIPATION_FEE_TEXT,
  usDate,
} from './wording'

/**
 * The text of every email, written when it is sent so it carries the current
 * settings (docs/payments.md "Email"). A message that cannot be written yet because a
 * setting is missing is held, with the reason shown to the admin.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one shape for every money record: their generated types share no money-record type
type Doc = Record<string, any>
const system = { depth: 0, overrideAccess: true } as const

export const RECEIPTS_HELD_REASON =
  'Receipts are held until the organization legal name, EIN and mailing address are all filled in (Content tab → Organization → Legal name, EIN and Mailing address).'

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  stripe: 'Card (Stripe)',
  cash: 'Cash',
  check: 'Check',
  venmo: 'Venmo',
  giving_platform: 'Online giving platform',
  other: 'Other',
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** A line escaped, its https addresses (ours or Stripe's, never typed by donors) as links. */
const linked = (line: string) => escapeHtml(line).replace(/https:\/\/[^\s<"]+/g, (url) => `<a href="${url}">${url}</a>`)

/**
 * A receipt (or any letter to a family: cms/membership/mail.ts) as both parts of one mail: the plain text, and HTML written from
 * the same lines (a blank line starts a paragraph; "Label: value" lines are a
 * table), so the two can never say different things. Every line is escaped:
 * donor names are typed by donors.
 */
export function receiptMail(to: string, subject: string, lines: string[]): Email {
  const blocks: string[][] = [[]]
  for (const line of lines) {
    if (line === '') blocks.push([])
    else blocks.at(-1)!.push(line)
  }
  const html = blocks
    .filter((b) => b.length)
    .map((block) => {
      const fields = block.map((line) => /^([A-Z][A-Za-z -]{1,40}): (.+)$/.exec(line))
      if (fields.every(Boolean))
        return `<table role="presentation" cellpadding="4">${fields.map((m) => `<tr><th align="left">${escapeHtml(m![1])}</th><td>${linked(m![2])}</td></tr>`).join('')}</table>`
      return `<p>${block.map(linked).join('<br>')}</p>`
    })
    .join('\n')
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family: Arial, sans-serif; color: #111">\n${html}\n</body></html>`,
  }
}

/** Site content `section/key` → value, for the sections email needs. */
export async function readSettings(payload: Payload): Promise<Record<string, string>> {
  const { docs } = await payload.find({
    collection: 'site-content',
    where: { section: { in: ['organization', 'contact'] } },
    pagination: false,
    ...system,
  })
  return Object.fromEntries(docs.map((d) => [`${d.section}/${d.key}`, String(d.value ?? '').trim()]))
}

/** IRS Publication 1771: the acknowledgment names the organization; we also give its EIN and address, so all three are required. */
export const receiptsHeld = (settings: Record<string, string>) =>
  !settings['organization/legalName'] || !settings['organization/ein'] || !settings['organization/address']

async function findOne(payload: Payload, collection: MoneyCollection | 'campaigns' | 'statements', id: string) {
  const { docs } = await payload.find({ collection, where: { id: { equals: id } }, limit: 1, ...system })
  return docs[0] as Doc | undefined
}

/** A gift's number, taken now (in a transaction of its own) only for a gift completed before numbers were taken with it. */
const receiptNumberOf = (payload: Payload, collection: MoneyCollection, record: Doc) =>
  record.receiptNumber
    ? Promise.resolve(record.receiptNumber as string)
    : inTransaction(payload, null, (tx) => receiptNumberFor(payload, collection, record, tx))

const isMoneyCollection = (name: string): name is MoneyCollection => (MONEY_COLLECTIONS as readonly string[]).includes(name)

/** `donations:<id>`, `sponsorships:<id>` or `dues:<id>` (a void notice's or a corrected statement's recordId) → its record. */
async function giftOf(payload: Payload, recordId: string) {
  const [collection, id] = recordId.split(':')
  if (!isMoneyCollection(collection) || !id) return null
  const record = await findOne(payload, collection, id)
  return record ? { record, collection } : null
}

/** Why a gift's year was corrected, as the corrected statement says it after "because". */
function correctionReason(r: Doc): string {
  const gift = `your gift of ${dollars(r.amount)} on ${usDate(giftDay(r))}${r.receiptNumber ? ` (receipt ${r.receiptNumber})` : ''}`
  if (r.status === 'void')
    return `${gift} was withdrawn on ${usDate(r.voidedOn ?? '')}: ${VOID_CATEGORY_LABELS[r.voidCategory as VoidCategory] ?? VOID_CATEGORY_LABELS.other}`
  const refunded = r.status === 'refunded' ? toCents(r.amount) : toCents(r.refundedAmount ?? '0')
  return `${dollars(refunded)} of ${gift} was refunded${r.refundedOn ? ` on ${usDate(r.refundedOn)}` : ''}`
}

/**
 * The corrected statement a refund or void queued (cms/payments/moneyRules.ts): written and kept
 * the first time the message is sent, the same one on every retry.
 */
async function correctedStatement(payload: Payload, item: OutboxItem, settings: Record<string, string>): Promise<Composed> {
  const kept = (await payload.find({ collection: 'statements', where: { outboxKey: { equals: item.key } }, limit: 1, ...system })).docs[0]
  if (kept)
    return statementMail(
      settings,
      kept,
      kept.replaces ? ((await findOne(payload, 'statements', kept.replaces)) as Statement) : null,
      receiptMail,
    )
  const gift = await giftOf(payload, item.recordId)
  if (!gift) return { hold: 'The record of this statement no longer exists.' }
  const email = payerOf(gift.collection, gift.record).email ?? ''
  const year = Number(giftDay(gift.record).slice(0, 4))
  const replaces = await lastStatement(payload, year, email)
  if (!replaces) return { hold: `No ${year} statement was mailed to ${email}: nothing to correct.` }
  const correction = { replaces, reason: correctionReason(gift.record) }
  const built = await yearStatement(payload, settings, email, year, correction)
  // Another statement already told the donor these figures ("Send again" went first): nothing to add.
  if (!statementChanged(replaces, built!)) return { withdraw: 'Not sent: the last statement already gives these figures' }
  const statement = await keepStatement(payload, undefined, built!, item.key, correction)
  return statementMail(settings, statement, replaces, receiptMail)
}

/** A year-end statement (cms/money/donors.ts queues them), as `queuedStatement` writes or finds it. */
async function donorStatement(payload: Payload, item: OutboxItem, settings: Record<string, string>): Promise<Composed> {
  const statement = await queuedStatement(payload, settings, item)
  if ('withdraw' in statement || 'hold' in statement) return statement
  const replaced = statement.replaces ? ((await findOne(payload, 'statements', statement.replaces)) as Statement) : null
  return statementMail(settings, statement, replaced, receiptMail)
}

/** A voided gift's receipt is withdrawn: the donor is told which receipt and why (the void category). */
async function voidNotice(payload: Payload, item: OutboxItem, settings: Record<string, string>): Promise<Composed> {
  const gift = await giftOf(payload, item.recordId)
  if (!gift) return { hold: 'The record of this notice no longer exists.' }
  const r = gift.record
  // Sent once its receipt has gone out (the void came while it was being handed to the mail server), never without it.
  const waiting = await afterItsReceipt(payload, String(r.id), 'withdrawal notice')
  if (waiting) return waiting
  const number = r.receiptNumber ?? 'not issued'
  const why = VOID_CATEGORY_LABELS[r.voidCategory as VoidCategory] ?? VOID_CATEGORY_LABELS.other
  return receiptMail(item.to ?? '', `Receipt ${number} withdrawn by ${orgName(settings)}`, [
    `Dear ${payerOf(gift.collection, r).name},`,
    '',
    `We have withdrawn receipt ${number}, because ${why}. Please do not use it for your tax records: this payment is not a contribution we received.`,
    '',
    `Withdrawn receipt: ${number}`,
    `Date of the payment: ${usDate(giftDay(r))}`,
    `Amount: ${dollars(r.amount)}`,
    `Reason: ${why.replace(/^the /, 'The ')}`,
    `Withdrawn on: ${usDate(r.voidedOn ?? '')}`,
    '',
    `If this is a mistake, or you would like to give again, please write to ${endSentence(settings['contact/email'] || orgName(settings))}`,
    '',
    ...organizationBlock(settings, false),
  ])
}

/** The money record each kind of receipt is about (cms/payments/moneyRules.ts queues them). */
const RECEIPT_KINDS: Record<string, MoneyCollection> = {
  'donation-receipt': 'donations',
  'sponsorship-receipt': 'sponsorships',
  'dues-receipt': 'dues',
}

/** How soon to look again at a message waiting for its gift's receipt, which is being handed to the mail server. */
const RECEIPT_IN_FLIGHT_RETRY_MS = 2_000

/** The outbox row of a gift's receipt (`receipt:<id>`), if one was queued. */
async function receiptMailOf(payload: Payload, recordId: string) {
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: { key: { equals: `receipt:${recordId}` } },
    limit: 1,
    ...system,
  })
  return docs[0]
}

/**
 * A message about a gift whose receipt it follows (a refund's corrected acknowledgment, a void's notice), as
 * the receipt stands now: being handed to the mail server (wait for it), never sent and never to be (the
 * donor has nothing to correct), or not sent yet (it will say the gift as it is then: nothing to add).
 * Null when the receipt went out, or none was queued: the message is written.
 */
async function afterItsReceipt(payload: Payload, recordId: string, what: string): Promise<Composed | null> {
  const receipt = await receiptMailOf(payload, recordId)
  if (!receipt || receipt.status === 'sent') return null
  if (receipt.status === 'sending')
    return { hold: `Waiting for the receipt to go out before its ${what}`, retryInMs: RECEIPT_IN_FLIGHT_RETRY_MS }
  if (receipt.status === 'withdrawn') return { withdraw: `Not sent: the receipt it follows was never sent` }
  return { withdraw: `Not sent: the receipt, not sent yet, will give the gift as it then stands` }
}

/** Why a gift is thanked for no more (voided, refunded in full), or null while the club still holds some of it. */
function noLongerHeld(record: Doc): string | null {
  if (record.status === 'void') return 'Not sent: the gift was voided before its receipt left'
  if (record.status === 'refunded') return 'Not sent: the gift was refunded in full before its receipt left'
  return null
}

/** Each queued message's text (cms/outbox/outbox.ts queues and sends it). */
export async function composeEmail(payload: Payload, item: OutboxItem): Promise<Composed> {
  // A staff account's invitation, recovery link or address confirmation (cms/auth/accountMail.ts).
  if (isAccountMail(item.kind)) return composeAccountMail(payload, item)
  const settings = await readSettings(payload)
  switch (item.kind) {
    case 'donation-receipt':
    case 'sponsorship-receipt':
    case 'dues-receipt': {
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      const collection = RECEIPT_KINDS[item.kind]
      const record = await findOne(payload, collection, item.recordId)
      if (!record) return { hold: 'The record of this receipt no longer exists.' }
      // Written as the gift stands now: money the club no longer holds is thanked for by no receipt.
      const gone = noLongerHeld(record)
      if (gone) return { withdraw: gone }
      const number = await receiptNumberOf(payload, collection, record)
      const mail =
        collection === 'donations'
          ? await donationReceipt(payload, record, number, settings)
          : collection === 'sponsorships'
            ? await sponsorshipReceipt(payload, record, number, settings)
            : await duesReceipt(payload, record, number, settings)
      return { ...mail, told: String(refundedCents(record)) }
    }
    case 'donation-correction':
    case 'sponsorship-correction':
    case 'dues-correction': {
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      const collection = RECEIPT_KINDS[item.kind.replace('-correction', '-receipt')]
      const record = await findOne(payload, collection, item.recordId)
      if (!record) return { hold: 'The record of this acknowledgment no longer exists.' }
      // Keyed `correction:<id>:<refunded total>`: a later refund's acknowledgment, or the void's notice, says more.
      const total = toCents(item.key.split(':')[2] ?? '0')
      if (record.status === 'void') return { withdraw: "Not sent: the gift was voided since; the void's notice says so" }
      if (refundedCents(record) > total) return { withdraw: "Not sent: a later refund's acknowledgment gives the new total" }
      const receipt = await receiptMailOf(payload, record.id)
      if (receipt?.status === 'sent' && Number(receipt.told ?? 0) >= total)
        return { withdraw: 'Not sent: the receipt already gave this refund' }
      const waiting = await afterItsReceipt(payload, record.id, 'corrected acknowledgment')
      if (waiting) return waiting
      const number = await receiptNumberOf(payload, collection, record)
      return refundCorrection(payload, record, collection, number, settings)
    }
    case 'donation-redated': {
      // A card gift once dated by the UTC day (migration club_day): key `redated:<id>:<the day the receipt gave>`.
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      const record = await findOne(payload, 'donations', item.recordId)
      if (!record) return { hold: 'The record of this receipt no longer exists.' }
      const gone = noLongerHeld(record)
      if (gone) return { withdraw: gone }
      const number = await receiptNumberOf(payload, 'donations', record)
      return redatedReceipt(payload, record, number, item.key.split(':')[2] ?? '', settings)
    }
    case 'donor-statement': {
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      return donorStatement(payload, item, settings)
    }
    case 'statement-correction': {
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      return correctedStatement(payload, item, settings)
    }
    case 'void-notice': {
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      return voidNotice(payload, item, settings)
    }
    case YEAR_RECEIPT_KIND: {
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      return yearReceipt(payload, item, settings)
    }
    default:
      return { hold: `Unknown kind of email: ${item.kind}` }
  }
}

/** A month of a monthly gift (Stripe subscription) says so, and where to change or cancel it (docs/payments.md). */
function monthlyGiftLines(d: Doc, settings: Record<string, string>): string[] {
  if (!d.stripeSubscriptionId) return []
  const manage = env.STRIPE_PORTAL_URL
    ? `Manage your monthly gift (change the card, the amount, or cancel): ${env.STRIPE_PORTAL_URL}`
    : `To change or cancel your monthly gift, write to ${endSentence(settings['contact/email'] || orgName(settings))}`
  return ['', 'This is one month of your monthly gift.', manage]
}

/**
 * A monthly donor's yearly receipt (cms/payments/yearReceipts.ts; recordId `<year>:<email>`): each month's
 * payment of the year with its day, receipt number and what it kept after any refund, and the total.
 */
async function yearReceipt(payload: Payload, item: OutboxItem, settings: Record<string, string>): Promise<Composed> {
  const [yearText, email] = [item.recordId.slice(0, 4), item.recordId.slice(5)]
  const year = Number(yearText)
  const months = await monthlyPayments(payload, year, email)
  if (months.length === 0) return { hold: `No monthly gift from ${email} remains on our books for ${year}.` }
  const onlyThis = (await monthlyReceiptsSetting({ payload })) === 'year'
  const totalCents = moneyTotals(months).keptCents
  return receiptMail(email, `Your ${year} monthly giving receipt from ${orgName(settings)}`, [
    `Dear ${months.at(-1)!.donorName},`,
    '',
    `Thank you for giving every month to ${orgName(settings)} in ${year}. This receipt lists each monthly payment we received from you that year${onlyThis ? ' (we send it in place of a receipt each month)' : ''}; please keep it with your tax records.`,
    '',
    `Year: ${year}`,
    `Payments: ${months.length}`,
    `Total: ${dollars(totalCents)}`,
    '',
    'Date | Receipt | Amount',
    ...months.map((d) => {
      const kept = keptCents(d)
      const refund = toCents(d.amount) - kept
      return `${usDate(giftDate(d))} | ${d.receiptNumber ?? 'not issued'} | ${dollars(kept)}${refund > 0 ? ` (${dollars(d.amount)} less a ${dollars(refund)} refund)` : ''}`
    }),
    '',
    NO_GOODS_TEXT.replace('this contribution', 'these contributions'),
    '',
    ...organizationBlock(settings),
  ])
}

const giftDate = (record: Doc) => record.receivedAt || String(record.createdAt ?? '').slice(0, 10)

async function donationReceipt(
  payload: Payload,
  d: Doc,
  number: string,
  settings: Record<string, string>,
  correction?: { subject: string; replaces: string },
): Promise<Email> {
  const campaignId = campaignIdOf(d)
  const campaign = campaignId ? await findOne(payload, 'campaigns', campaignId) : undefined
  return receiptMail(d.donorEmail, correction?.subject ?? `Your donation receipt ${number} from ${orgName(settings)}`, [
    `Dear ${d.donorName},`,
    '',
    ...(correction ? [correction.replaces, ''] : []),
    `Thank you for your gift to ${endSentence(orgName(settings))}`,
    '',
    `Receipt number: ${number}`,
    `Date: ${usDate(giftDate(d))}`,
    `Amount: ${dollars(d.amount)}`,
    ...refundLines(d),
    `Campaign: ${campaign?.name ?? 'General fund'}`,
    `Payment method: ${PAYMENT_METHOD_LABELS[d.paymentMethod] ?? d.paymentMethod}`,
    ...monthlyGiftLines(d, settings),
    '',
    NO_GOODS_TEXT,
    '',
    ...organizationBlock(settings),
  ])
}

/** A sponsorship's tier as its record says now (shared/tiers.ts); null for a level the site does not know. */
export async function tierOf(payload: Payload, level: unknown) {
  return isSponsorshipLevel(level) ? (await loadAllTiers(payload))[level] : null
}

/** Publication 1771's quid pro quo disclosure: what was received, its good-faith value and the deductible rest. */
const quidProQuo = (benefits: string[], what: string, goodsCents: number, paidCents: number) => [
  `In exchange for this contribution you received: ${benefits.length ? benefits.join('; ') : what}.`,
  `Our good-faith estimate of the value of these goods and services is ${dollars(goodsCents)}.`,
  `The deductible portion of your contribution is limited to the amount paid minus that value: ${dollars(paidCents - goodsCents)}.`,
]

/**
 * IRS Publication 1771's statement about goods and services for `paidCents`: none; or (quid pro quo) what
 * the sponsor or member received, its good-faith value and the deductible rest; or, for dues that are a
 * participation fee, that they are no contribution at all (docs/MEMBERSHIP.md "Receipts"). `label` names the
 * sponsorship level or membership; `deductible`: whether any of it is a contribution.
 */
async function exchangeStatement(payload: Payload, record: Doc, collection: MoneyCollection, paidCents: number) {
  if (collection === 'donations') return { label: null, lines: [NO_GOODS_TEXT], deductible: true }
  if (collection === 'dues' && record.kind === 'volunteer-buy-out')
    return { label: `Volunteer hours bought out: ${record.what}`, lines: [BUY_OUT_FEE_TEXT], deductible: false }
  if (collection === 'dues') {
    const treatment = record.taxTreatment as TaxTreatment
    const goodsCents = notDeductibleCents(treatment, record.goodsValue, paidCents)
    const benefits = Array.isArray(record.benefits) ? (record.benefits as string[]) : []
    const lines =
      treatment === 'participation-fee'
        ? [PARTICIPATION_FEE_TEXT]
        : goodsCents > 0
          ? quidProQuo(benefits, 'member benefits', goodsCents, paidCents)
          : [MEMBER_BENEFITS_TEXT]
    return { label: `Membership: ${record.what}`, lines, deductible: treatment !== 'participation-fee' }
  }
  // The level as recorded with the sponsorship: a later edit of the level changes no receipt.
  const tier = recordedLevel(record, await loadAllTiers(payload))
  const goodsCents = Math.min(tier?.goodsValue ? toCents(tier.goodsValue) : 0, paidCents)
  const lines = goodsCents > 0 ? quidProQuo(tier?.benefits ?? [], 'sponsorship benefits', goodsCents, paidCents) : [NO_GOODS_TEXT]
  return { label: `Sponsorship: ${tier?.name ?? String(record.tier)}`, lines, deductible: true }
}

/** Dues whose member benefits are insubstantial (Publication 1771: for $75 or less they may be disregarded). */
const MEMBER_BENEFITS_TEXT =
  'No goods or services of substantial value were provided in exchange for this contribution: the membership benefits are of insubstantial value.'

/** A membership's receipt, worded by the tax treatment recorded with the payment (docs/MEMBERSHIP.md "Receipts"). */
async function duesReceipt(payload: Payload, d: Doc, number: string, settings: Record<string, string>): Promise<Email> {
  return receiptMail(
    d.payerEmail,
    `Your ${d.kind === 'volunteer-buy-out' ? 'volunteer-hours buy-out' : 'membership'} receipt ${number} from ${orgName(settings)}`,
    await duesReceiptLines(payload, d, number, settings),
  )
}

/** The lines of a membership's receipt: its mail, and the PDF a member downloads at /member (cms/membership/receipt.ts). */
export async function duesReceiptLines(payload: Payload, d: Doc, number: string, settings: Record<string, string>): Promise<string[]> {
  const exchange = await exchangeStatement(payload, d, 'dues', toCents(d.amount) - refundedCents(d))
  return [
    `Dear ${d.payerName},`,
    '',
    `Thank you for your ${d.kind === 'volunteer-buy-out' ? 'payment' : 'membership dues'} to ${endSentence(orgName(settings))}`,
    '',
    `Receipt number: ${number}`,
    `Date: ${usDate(giftDate(d))}`,
    `Amount: ${dollars(d.amount)}`,
    ...refundLines(d, 'Dues'),
    exchange.label!,
    `Payment method: ${PAYMENT_METHOD_LABELS[d.paymentMethod] ?? d.paymentMethod}`,
    '',
    ...exchange.lines,
    '',
    ...organizationBlock(settings, exchange.deductible),
  ]
}

/**
 * A gift refunded in part before its receipt left: each refund with its day and what remains a contribution
 * (of dues, what remains of the dues: a participation fee is no contribution), the figure the receipt then stands
 * for (cms/payments/refunds.ts). Nothing for a gift not refunded.
 */
function refundLines(record: Doc, what: 'Contribution' | 'Dues' = 'Contribution'): string[] {
  const refunds = refundsOf(record)
  if (refunds.length === 0) return []
  return [
    ...refunds.map((r) => `Refunded: ${dollars(r.amount)} on ${usDate(r.day)}`),
    `${what} after refunds: ${dollars(toCents(record.amount) - refundedCents(record))}`,
  ]
}

async function sponsorshipReceipt(payload: Payload, s: Doc, number: string, settings: Record<string, string>): Promise<Email> {
  const exchange = await exchangeStatement(payload, s, 'sponsorships', toCents(s.amount) - refundedCents(s))
  return receiptMail(s.sponsorEmail, `Your sponsorship receipt ${number} from ${orgName(settings)}`, [
    `Dear ${s.sponsorName},`,
    '',
    endSentence(`Thank you for sponsoring ${orgName(settings)}${s.sponsorCompany ? ` on behalf of ${s.sponsorCompany}` : ''}`),
    '',
    `Receipt number: ${number}`,
    `Date: ${usDate(giftDate(s))}`,
    `Amount: ${dollars(s.amount)}`,
    ...refundLines(s),
    exchange.label!,
    '',
    ...exchange.lines,
    '',
    ...organizationBlock(settings),
  ])
}

/**
 * A corrected receipt for a card gift whose receipt gave the wrong day (the UTC day of the payment, not
 * the club's): the same receipt, dated right, saying which date it corrects.
 */
const redatedReceipt = (payload: Payload, d: Doc, number: string, toldDay: string, settings: Record<string, string>) =>
  donationReceipt(payload, d, number, settings, {
    subject: `Corrected receipt ${number} from ${orgName(settings)}`,
    replaces: `This corrected receipt replaces receipt ${number}, which gave the date of your gift as ${usDate(toldDay)}; the correct date is ${usDate(giftDate(d))}. Please keep this one with your tax records in place of the original.`,
  })

/**
 * After a refund: a corrected acknowledgment that names the receipt it
 * replaces, what was refunded and what remains a contribution (with the
 * goods-and-services statement for that remainder).
 */
async function refundCorrection(
  payload: Payload,
  r: Doc,
  collection: MoneyCollection,
  number: string,
  settings: Record<string, string>,
): Promise<Email> {
  const paid = toCents(r.amount)
  const refunded = r.status === 'refunded' ? paid : Math.min(toCents(r.refundedAmount ?? '0'), paid)
  const kept = paid - refunded
  const exchange = await exchangeStatement(payload, r, collection, kept)
  const { name, email } = payerOf(collection, r)
  const dues = collection === 'dues'
  const what = dues ? 'membership dues' : 'contribution'
  const refundedOn = r.refundedOn ? [`Refunded on: ${usDate(r.refundedOn)}`] : []
  // Dues refunded in full: the receipt is withdrawn, by a notice dated with the refund (docs/MEMBERSHIP.md "Refunds").
  if (dues && kept === 0)
    return receiptMail(email ?? '', `Receipt ${number} withdrawn: your membership dues were refunded`, [
      `Dear ${name},`,
      '',
      `We have withdrawn receipt ${number}, because your membership dues of ${dollars(paid)} were refunded in full${r.refundedOn ? ` on ${usDate(r.refundedOn)}` : ''}. Please do not use it for your tax records.`,
      '',
      `Withdrawn receipt: ${number}`,
      `Date paid: ${usDate(giftDate(r))}`,
      `Amount refunded: ${dollars(refunded)}`,
      ...refundedOn,
      ...(exchange.label ? [exchange.label] : []),
      '',
      ...organizationBlock(settings, false),
    ])
  return receiptMail(email ?? '', `Corrected acknowledgment for receipt ${number} from ${orgName(settings)}`, [
    `Dear ${name},`,
    '',
    `This corrected acknowledgment replaces receipt ${number}, because ${kept === 0 ? `your ${what} was refunded in full` : `${dollars(refunded)} of your ${what} was refunded`}. Please keep it with your tax records in place of the original.`,
    '',
    `Original receipt: ${number}`,
    `${dues ? 'Date paid' : 'Date of contribution'}: ${usDate(giftDate(r))}`,
    `Amount received: ${dollars(paid)}`,
    `Amount refunded: ${dollars(refunded)}`,
    ...refundedOn,
    `${dues ? 'Dues' : 'Contribution'} after the refund: ${dollars(kept)}`,
    ...(exchange.label ? [exchange.label] : []),
    '',
    ...(kept === 0 ? ['No part of this payment remains a contribution, so none of it is deductible.'] : exchange.lines),
    '',
    ...organizationBlock(settings, kept > 0 && exchange.deductible),
  ])
}
