import type { Payload } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { LEVEL_AMOUNTS } from '#shared/payments'
import { env } from '../env'
import type { OutboxItem } from './outbox'
import { campaignIdOf } from '../payments/ledger'
import { receiptNumberFor } from './receiptNumbers'

/**
 * The text of every email, written when it is sent so it carries the current
 * settings (docs/payments.md "Email"). A message that cannot be written yet because a
 * setting is missing is held, with the reason shown to the admin.
 */
export type Email = { to: string; subject: string; text: string; replyTo?: string }
export type Composed = Email | { hold: string }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one shape for donations and sponsorships alike: their generated types share no money-record type
type Doc = Record<string, any>
const system = { depth: 0, overrideAccess: true } as const

export const NO_GOODS_TEXT = 'No goods or services were provided in exchange for this contribution.'
export const RECEIPTS_HELD_REASON =
  'Receipts are held until the organization legal name and EIN are filled in (Content: organization/legalName and organization/ein).'

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  stripe: 'Card (Stripe)',
  cash: 'Cash',
  check: 'Check',
  venmo: 'Venmo',
  giving_platform: 'Online giving platform',
  other: 'Other',
}

const dollars = (amount: string | number) => `$${formatCents(typeof amount === 'number' ? amount : toCents(amount))}`

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

export const receiptsHeld = (settings: Record<string, string>) => !settings['organization/legalName'] || !settings['organization/ein']

async function findOne(
  payload: Payload,
  collection: 'donations' | 'sponsorships' | 'contact-messages' | 'sponsor-applications' | 'campaigns',
  id: string,
) {
  const { docs } = await payload.find({ collection, where: { id: { equals: id } }, limit: 1, ...system })
  return docs[0] as Doc | undefined
}

export async function composeEmail(payload: Payload, item: OutboxItem): Promise<Composed> {
  const settings = await readSettings(payload)
  const club = settings['contact/email']
  switch (item.kind) {
    case 'donation-receipt':
    case 'sponsorship-receipt': {
      if (receiptsHeld(settings)) return { hold: RECEIPTS_HELD_REASON }
      const isDonation = item.kind === 'donation-receipt'
      const record = await findOne(payload, isDonation ? 'donations' : 'sponsorships', item.recordId)
      if (!record) return { hold: 'The record of this receipt no longer exists.' }
      const number = await receiptNumberFor(payload, record)
      return isDonation ? donationReceipt(payload, record, number, settings) : sponsorshipReceipt(payload, record, number, settings)
    }
    case 'contact-notice': {
      if (!club) return { hold: 'No club address to notify: fill in Content contact/email.' }
      const m = await findOne(payload, 'contact-messages', item.recordId)
      if (!m) return { hold: 'The message no longer exists.' }
      return {
        to: club,
        replyTo: m.email,
        subject: `New contact message from ${m.name}`,
        text: `${m.name} <${m.email}> wrote through the website:\n\n${m.message}\n\nReply to this email to answer, and mark it read in the admin: ${env.SERVER_URL}/admin\n`,
      }
    }
    case 'application-notice': {
      if (!club) return { hold: 'No club address to notify: fill in Content contact/email.' }
      const a = await findOne(payload, 'sponsor-applications', item.recordId)
      if (!a) return { hold: 'The application no longer exists.' }
      return {
        to: club,
        replyTo: a.contactEmail,
        subject: `New sponsor application: ${a.companyName} (${a.sponsorshipLevel})`,
        text: [
          `${a.companyName} applied to sponsor at the ${a.sponsorshipLevel} level.`,
          '',
          `Contact: ${a.contactName} <${a.contactEmail}>, ${a.contactPhone}`,
          `Address: ${a.companyAddress}`,
          `Business type: ${a.businessType}`,
          ...(a.companyWebsite ? [`Website: ${a.companyWebsite}`] : []),
          ...(a.notes ? ['', `Notes: ${a.notes}`] : []),
          '',
          `Approve or decline it in the admin: ${env.SERVER_URL}/admin`,
          '',
        ].join('\n'),
      }
    }
    case 'application-confirmation': {
      const a = await findOne(payload, 'sponsor-applications', item.recordId)
      if (!a) return { hold: 'The application no longer exists.' }
      const name = orgName(settings)
      return {
        to: a.contactEmail,
        ...(club ? { replyTo: club } : {}),
        subject: `We received your sponsorship application, ${a.companyName}`,
        text: [
          `Dear ${a.contactName},`,
          '',
          `Thank you for applying to sponsor the Lady Hawks at the ${a.sponsorshipLevel} level (${dollars(LEVEL_AMOUNTS[a.sponsorshipLevel as keyof typeof LEVEL_AMOUNTS] ?? '0')}).`,
          'A volunteer will contact you soon about the next steps and payment.',
          ...(club ? ['', `Questions? Write to ${club}.`] : []),
          '',
          name,
          '',
        ].join('\n'),
      }
    }
    default:
      return { hold: `Unknown kind of email: ${item.kind}` }
  }
}

const orgName = (settings: Record<string, string>) => settings['organization/legalName'] || 'Lady Hawks Boosters'

/** The closing every receipt carries: who the club is and why the gift is deductible. */
function organizationBlock(settings: Record<string, string>): string[] {
  const name = orgName(settings)
  return [
    `${name} is a tax-exempt organization under Section 501(c)(3) of the Internal Revenue Code (EIN ${settings['organization/ein']}).`,
    'Your contribution is tax-deductible to the extent allowed by law. Please keep this receipt for your tax records.',
    '',
    name,
    ...(settings['organization/address'] ? [settings['organization/address']] : []),
    `EIN: ${settings['organization/ein']}`,
    '',
  ]
}

const giftDate = (record: Doc) => record.receivedAt || String(record.createdAt ?? '').slice(0, 10)

async function donationReceipt(payload: Payload, d: Doc, number: string, settings: Record<string, string>): Promise<Email> {
  const campaignId = campaignIdOf(d)
  const campaign = campaignId ? await findOne(payload, 'campaigns', campaignId) : undefined
  return {
    to: d.donorEmail,
    subject: `Your donation receipt ${number} from ${orgName(settings)}`,
    text: [
      `Dear ${d.donorName},`,
      '',
      `Thank you for your gift to ${orgName(settings)}.`,
      '',
      `Receipt number: ${number}`,
      `Date: ${giftDate(d)}`,
      `Amount: ${dollars(d.amount)}`,
      `Campaign: ${campaign?.name ?? 'General fund'}`,
      `Payment method: ${PAYMENT_METHOD_LABELS[d.paymentMethod] ?? d.paymentMethod}`,
      '',
      NO_GOODS_TEXT,
      '',
      ...organizationBlock(settings),
    ].join('\n'),
  }
}

/** The tier record a sponsorship's `tier` names: by level (bronze/silver/gold) or by name. */
export async function findTier(payload: Payload, tier: string): Promise<Doc | undefined> {
  const { docs } = await payload.find({
    collection: 'sponsorship-tiers',
    where: { or: [{ level: { equals: tier.toLowerCase() } }, { name: { equals: tier } }] },
    sort: 'displayOrder',
    limit: 1,
    ...system,
  })
  return docs[0]
}

async function sponsorshipReceipt(payload: Payload, s: Doc, number: string, settings: Record<string, string>): Promise<Email> {
  const tier = await findTier(payload, s.tier)
  const benefits: string[] = Array.isArray(tier?.benefits) ? tier.benefits : []
  const goodsCents = Math.min(tier?.goodsValue ? toCents(tier.goodsValue) : 0, toCents(s.amount))
  // Quid pro quo disclosure: what the sponsor received, its good-faith value and the deductible rest.
  const exchange =
    goodsCents > 0
      ? [
          `In exchange for this contribution you received: ${benefits.length ? benefits.join('; ') : tier?.description || 'sponsorship benefits'}.`,
          `Our good-faith estimate of the value of these goods and services is ${dollars(goodsCents)}.`,
          `The deductible portion of your contribution is limited to the amount paid minus that value: ${dollars(toCents(s.amount) - goodsCents)}.`,
        ]
      : [NO_GOODS_TEXT]
  return {
    to: s.sponsorEmail,
    subject: `Your sponsorship receipt ${number} from ${orgName(settings)}`,
    text: [
      `Dear ${s.sponsorName},`,
      '',
      `Thank you for sponsoring ${orgName(settings)}${s.sponsorCompany ? ` on behalf of ${s.sponsorCompany}` : ''}.`,
      '',
      `Receipt number: ${number}`,
      `Date: ${giftDate(s)}`,
      `Amount: ${dollars(s.amount)}`,
      `Sponsorship: ${tier?.name ?? s.tier}`,
      '',
      ...exchange,
      '',
      ...organizationBlock(settings),
    ].join('\n'),
  }
}
