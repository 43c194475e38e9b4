import type { Donation, Sponsorship } from '../payload-types'
import { Router, type Request } from 'express'
import type { Payload, Where } from 'payload'
import type { z } from 'zod'
import {
  donationFilterSchema,
  donationSchema,
  donationUpdateSchema,
  givingReportSchema,
  sponsorshipFilterSchema,
  sponsorshipSchema,
  sponsorshipUpdateSchema,
} from '#shared/schemas'
import { inTransaction } from '../db/transaction'
import { clubDayOf } from '../env'
import { kickOutbox, requeueEmail } from '../outbox/outbox'
import { requireAdmin } from '../http/requireAdmin'
import { HttpError } from '../http/errors'
import { parseBody, parseQuery } from '../http/validate'
import { formatCents, toCents } from '#shared/money'
import { campaignIdOf, COUNTED, giftDay, type MoneyDoc, readMoneyRecords, receivedBetween } from '../payments/ledger'
import { moneyTotals } from '../payments/totals'
import { sendCsv, toCsv } from '../api/csv'
import { asStaff } from '../api/crud'
import { findOr404 } from '../api/findOr404'
import { adminDonation, adminSponsorship } from '../api/shapes'

/**
 * The treasurer's money records under /api/admin (docs/payments.md):
 * donations and sponsorships are created (offline gifts), moved along their
 * statuses, exported as CSV and never deleted (DELETE answers 405).
 */
export function moneyRouter(payload: Payload): Router {
  const router = Router()
  router.use(['/donations', '/donations.csv', '/sponsorships', '/sponsorships.csv', '/reports'], requireAdmin)

  router.get('/reports/giving', async (req, res) => {
    res.json(await givingReport(payload, parseQuery(req, givingReportSchema)))
  })

  router.get('/donations.csv', async (req, res) => {
    const filters = parseQuery(req, donationFilterSchema)
    const { docs } = await findMoney(payload, req, 'donations', filters, true)
    const campaigns = await payload.find({ collection: 'campaigns', pagination: false, depth: 0, ...asStaff(req) })
    const campaignName = new Map(campaigns.docs.map((c) => [c.id, c.name]))
    const rows = docs.map((doc) => {
      const d = adminDonation(doc as Donation)
      return { ...d, campaign: d.campaignId ? (campaignName.get(d.campaignId) ?? '') : 'General fund' }
    })
    const campaign =
      filters.campaign === 'general' ? 'General fund' : filters.campaign && (campaignName.get(filters.campaign) ?? filters.campaign)
    sendCsv(res, exportName('donations', { ...filters, campaign }), toCsv(DONATION_COLUMNS, rows))
  })

  router.get('/sponsorships.csv', async (req, res) => {
    const filters = parseQuery(req, sponsorshipFilterSchema)
    const { docs } = await findMoney(payload, req, 'sponsorships', filters, true)
    const rows = docs.map((doc) => adminSponsorship(doc as Sponsorship))
    sendCsv(res, exportName('sponsorships', filters), toCsv(SPONSORSHIP_COLUMNS, rows))
  })

  // Newest first, filtered as the screen's filters say, one page (?page=&limit=, X-Total-Count) as every admin list.
  router.get('/donations', async (req, res) => {
    const result = await findMoney(payload, req, 'donations', parseQuery(req, donationFilterSchema))
    res.set('X-Total-Count', String(result.totalDocs)).json(result.docs.map((doc) => adminDonation(doc as Donation)))
  })
  router.get('/sponsorships', async (req, res) => {
    const result = await findMoney(payload, req, 'sponsorships', parseQuery(req, sponsorshipFilterSchema))
    res.set('X-Total-Count', String(result.totalDocs)).json(result.docs.map((doc) => adminSponsorship(doc as Sponsorship)))
  })

  router.post('/donations', async (req, res) => {
    const { reference, campaignId, ...input } = parseBody(req, donationSchema)
    const doc = await payload.create({
      collection: 'donations',
      data: { ...input, campaign: campaignId, ...referenceField(input.paymentMethod, reference) },
      depth: 0,
      ...asStaff(req),
    })
    kickOutbox()
    res.status(201).json(adminDonation(doc))
  })

  router.post('/sponsorships', async (req, res) => {
    const doc = await payload.create({ collection: 'sponsorships', data: parseBody(req, sponsorshipSchema), depth: 0, ...asStaff(req) })
    kickOutbox()
    res.status(201).json(adminSponsorship(doc))
  })

  // Status moves, refunds, voids and corrections: the collections' rules decide (cms/payments/moneyRules.ts).
  router.put('/donations/:id', async (req, res) => {
    const { reference, campaignId, ...changes } = parseBody(req, donationUpdateSchema)
    const before = await findOr404(payload, 'donations', req.params.id as string, 'Donation', asStaff(req))
    const data = {
      ...changes,
      ...(campaignId === undefined ? {} : { campaign: campaignId }),
      ...(reference === undefined ? {} : referenceField(before.paymentMethod, reference)),
    }
    const doc = await payload.update({ collection: 'donations', id: before.id, data, depth: 0, ...asStaffGivingDays(req, changes) })
    kickOutbox()
    res.json(adminDonation(doc))
  })

  router.put('/sponsorships/:id', async (req, res) => {
    const changes = parseBody(req, sponsorshipUpdateSchema)
    const before = await findOr404(payload, 'sponsorships', req.params.id as string, 'Sponsorship', asStaff(req))
    const doc = await payload.update({
      collection: 'sponsorships',
      id: before.id,
      data: changes,
      depth: 0,
      ...asStaffGivingDays(req, changes),
    })
    kickOutbox()
    res.json(adminSponsorship(doc))
  })

  for (const [path, collection] of [
    ['donations', 'donations'],
    ['sponsorships', 'sponsorships'],
  ] as const) {
    // Money records are never deleted: a mistaken one is voided with a reason instead.
    router.delete(`/${path}/:id`, (_req, res) => {
      res.set('Allow', 'GET, PUT').status(405).json({ error: 'Money records are never deleted; void it with a reason instead' })
    })

    // Sends the receipt again (or for the first time, e.g. after email was switched on).
    router.post(`/${path}/:id/receipt`, async (req, res) => {
      await inTransaction(payload, req.staff!, async (tx) => {
        const label = collection === 'donations' ? 'Donation' : 'Sponsorship'
        const doc = await findOr404(payload, collection, req.params.id as string, label, { req: tx, overrideAccess: false })
        // A receipt is written as the gift stands when it leaves: one refunded in part gives its refunds.
        if (doc.status !== 'completed' && doc.status !== 'partially_refunded')
          throw new HttpError(409, 'Only a gift the club still holds (completed, or refunded in part) gets a receipt')
        const to = collection === 'donations' ? doc.donorEmail : doc.sponsorEmail
        if (typeof to !== 'string' || !to.includes('@')) throw new HttpError(409, 'No email address to send the receipt to')
        await requeueEmail(payload, tx, {
          key: `receipt:${doc.id}`,
          kind: collection === 'donations' ? 'donation-receipt' : 'sponsorship-receipt',
          recordId: doc.id,
          to,
        })
      })
      kickOutbox()
      res.status(202).json({ queued: true })
    })
  }

  return router
}

/** The CSV exports' columns, in order: the list's fields (shapes.ts), and for a donation its campaign's name. */
const DONATION_COLUMNS = [
  'id',
  'createdAt',
  'receivedAt',
  'donorName',
  'donorEmail',
  'amount',
  'refundedAmount',
  'refundedOn',
  'status',
  'paymentMethod',
  'campaignId',
  'campaign',
  'reference',
  'stripePaymentIntentId',
  // With STRIPE_SECRET_KEY: Stripe's fee, the net it paid out, and the payout (bank deposit) that carried it.
  'stripeFee',
  'stripeNet',
  'stripePayoutId',
  // A card payment's instant, from Stripe (receivedAt is its club day).
  'paidAt',
  'receiptNumber',
  'notes',
  'voidReason',
  'voidCategory',
  'voidedOn',
] as const
const SPONSORSHIP_COLUMNS = [
  'id',
  'createdAt',
  'receivedAt',
  'sponsorName',
  'sponsorEmail',
  'sponsorCompany',
  'tier',
  'amount',
  'refundedAmount',
  'refundedOn',
  'status',
  'paymentMethod',
  'reference',
  'receiptNumber',
  'expiresAt',
  'notes',
  'voidReason',
  'voidCategory',
  'voidedOn',
] as const

/**
 * The admin's access, naming the refund or void day the body gave (the money rules take a day given even when it
 * equals the one stored: a second refund on the day of the first).
 */
function asStaffGivingDays(req: Request, changes: { refundedOn?: string; voidedOn?: string }) {
  const staff = asStaff(req)
  const givenDays = { refundedOn: changes.refundedOn, voidedOn: changes.voidedOn }
  return { ...staff, context: { ...staff.context, givenDays } }
}

/** The spec keeps Venmo's transaction id in its own field; other references (check numbers) in `reference`. */
const referenceField = (method: string | null | undefined, reference: string | null | undefined) =>
  method === 'venmo' ? { venmoTransactionId: reference } : { reference }

type MoneyFilters = z.output<typeof donationFilterSchema>

/**
 * The money records the screen's filters select (status, method, campaign —
 * `general` is the general fund — and the day received), newest first: the
 * list and its CSV export ask the same question, so the file holds what the
 * screen shows. The list answers one page; the export (`whole`) every record.
 */
function findMoney(payload: Payload, req: Request, collection: 'donations' | 'sponsorships', filters: MoneyFilters, whole = false) {
  const { page, limit } = filters
  const and = moneyWhere(filters)
  return payload.find({
    collection,
    where: and.length ? { and } : undefined,
    sort: '-createdAt',
    depth: 0,
    ...(whole ? { pagination: false } : { page, limit }),
    ...asStaff(req),
  })
}

/** The conditions the filters stand for (all of them must hold). */
function moneyWhere({ status, method, campaign, from, to }: Omit<MoneyFilters, 'page' | 'limit'>): Where[] {
  const and: Where[] = []
  if (status) and.push({ status: { equals: status } })
  if (method) and.push({ paymentMethod: { equals: method } })
  // `equals: null` matches a stored null and a missing field on both adapters.
  if (campaign === 'general') and.push({ campaign: { equals: null } })
  else if (campaign) and.push({ campaign: { equals: campaign } })
  // The day the gift was received; a record without one counts from the day it was entered.
  if (from || to) and.push(receivedBetween(from, to))
  return and
}

export type GivingRow = { key: string; amount: string; count: number }

/**
 * Gifts received between two days, grouped by month (`2026-11`, every month
 * of the range, empty ones too), year (`2026`, newest first), campaign (its id, `general` for the general
 * fund) or method. A gift counts as the campaign totals count it
 * (cms/payments/ledger.ts): completed, less what was refunded.
 */
async function givingReport(payload: Payload, { from, to, by }: z.output<typeof givingReportSchema>): Promise<GivingRow[]> {
  const docs = await readMoneyRecords(
    payload,
    'donations',
    { and: [COUNTED, ...moneyWhere({ from, to })] },
    { amount: true, refundedAmount: true, status: true, campaign: true, paymentMethod: true, receivedAt: true, createdAt: true },
  )
  const groups = new Map<string, MoneyDoc[]>()
  if (by === 'month' && from && to) for (const month of monthsBetween(from, to)) groups.set(month, [])
  for (const doc of docs) {
    const day = giftDay(doc)
    const key =
      by === 'month'
        ? day.slice(0, 7)
        : by === 'year'
          ? day.slice(0, 4)
          : by === 'campaign'
            ? (campaignIdOf(doc) ?? 'general')
            : String(doc.paymentMethod)
    groups.set(key, [...(groups.get(key) ?? []), doc])
  }
  const rows = [...groups].map(([key, gifts]) => {
    const totals = moneyTotals(gifts)
    return { key, amount: formatCents(totals.keptCents), count: totals.count }
  })
  // Months in order, years newest first; campaigns and methods largest first.
  if (by === 'year') return rows.sort((a, b) => b.key.localeCompare(a.key))
  return by === 'month'
    ? rows.sort((a, b) => a.key.localeCompare(b.key))
    : rows.sort((a, b) => toCents(b.amount) - toCents(a.amount) || a.key.localeCompare(b.key))
}

/** "2026-01-15", "2026-03-02" → ["2026-01", "2026-02", "2026-03"]. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  let [year, month] = from.split('-').map(Number)
  const [endYear, endMonth] = to.split('-').map(Number)
  while ((year < endYear || (year === endYear && month <= endMonth)) && months.length < 1200) {
    months.push(`${year}-${String(month).padStart(2, '0')}`)
    month += 1
    if (month > 12) {
      year += 1
      month = 1
    }
  }
  return months
}

/**
 * An export's file name says what it holds: the filters it was taken with
 * (`donations-status-refunded-method-check-from-2026-01-01-exported-2026-11-24`),
 * or `all` when nothing was filtered.
 */
export function exportName(kind: string, filters: Partial<Record<'status' | 'method' | 'campaign' | 'from' | 'to', string | undefined>>) {
  const parts = (['status', 'method', 'campaign', 'from', 'to'] as const).flatMap((key) => {
    const value = filters[key]
    const slug = value
      ?.toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)
    return slug ? [`${key}-${slug}`] : []
  })
  const day = clubDayOf()
  return [kind, ...(parts.length ? parts : ['all']), `exported-${day}`].join('-')
}
