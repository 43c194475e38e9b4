import type { Donation, Sponsorship } from '../payload-types'
import { Router, type Response } from 'express'
import type { Payload, Where } from 'payload'
import { donationFilterSchema, donationSchema, donationUpdateSchema, sponsorshipSchema, sponsorshipUpdateSchema } from '#shared/schemas'
import { inTransaction } from '../db/transaction'
import { kickOutbox, requeueEmail } from '../email/outbox'
import { adminRoleOnly } from '../http/adminRoleOnly'
import { HttpError, validationError } from '../http/errors'
import { parseBody } from '../http/validate'
import { changeMoneyRecord, createMoneyRecord, knownCampaignId } from '../payments/ledger'
import { toCsv } from './csv'
import { listRouter } from './crud'
import { findOr404 } from './findOr404'
import { adminDonation, adminSponsorship } from './shapes'

/**
 * The treasurer's money records under /api/admin (docs/payments.md):
 * donations and sponsorships are created (offline gifts), moved along their
 * statuses, exported as CSV and never deleted (DELETE answers 405).
 */
export function moneyRouter(payload: Payload): Router {
  const router = Router()
  router.use(['/donations', '/donations.csv', '/sponsorships', '/sponsorships.csv'], adminRoleOnly)

  router.get('/donations.csv', async (req, res) => {
    const { docs } = await payload.find({
      collection: 'donations',
      pagination: false,
      sort: '-createdAt',
      depth: 0,
      user: req.admin,
      overrideAccess: false,
    })
    const campaigns = await payload.find({ collection: 'campaigns', pagination: false, depth: 0, user: req.admin, overrideAccess: false })
    const campaignName = new Map(campaigns.docs.map((c) => [c.id, c.name]))
    const header = [
      'id',
      'createdAt',
      'receivedAt',
      'donorName',
      'donorEmail',
      'amount',
      'refundedAmount',
      'status',
      'paymentMethod',
      'campaignId',
      'campaign',
      'reference',
      'stripePaymentIntentId',
      'receiptNumber',
      'notes',
      'voidReason',
    ]
    const rows = docs.map((doc) => {
      const d = adminDonation(doc as Donation)
      return [
        d.id,
        d.createdAt,
        d.receivedAt,
        d.donorName,
        d.donorEmail,
        d.amount,
        d.refundedAmount,
        d.status,
        d.paymentMethod,
        d.campaignId,
        d.campaignId ? (campaignName.get(d.campaignId) ?? '') : 'General fund',
        d.reference,
        d.stripePaymentIntentId,
        d.receiptNumber,
        d.notes,
        d.voidReason,
      ]
    })
    sendCsv(res, 'donations', toCsv(header, rows))
  })

  router.get('/sponsorships.csv', async (req, res) => {
    const { docs } = await payload.find({
      collection: 'sponsorships',
      pagination: false,
      sort: '-createdAt',
      depth: 0,
      user: req.admin,
      overrideAccess: false,
    })
    const header = [
      'id',
      'createdAt',
      'receivedAt',
      'sponsorName',
      'sponsorEmail',
      'sponsorCompany',
      'tier',
      'amount',
      'refundedAmount',
      'status',
      'paymentMethod',
      'reference',
      'receiptNumber',
      'expiresAt',
      'notes',
      'voidReason',
    ]
    const rows = docs.map((doc) => {
      const s = adminSponsorship(doc as Sponsorship)
      return [
        s.id,
        s.createdAt,
        s.receivedAt,
        s.sponsorName,
        s.sponsorEmail,
        s.sponsorCompany,
        s.tier,
        s.amount,
        s.refundedAmount,
        s.status,
        s.paymentMethod,
        s.reference,
        s.receiptNumber,
        s.expiresAt,
        s.notes,
        s.voidReason,
      ]
    })
    sendCsv(res, 'sponsorships', toCsv(header, rows))
  })

  // Every gift, newest first; filtered by status, method, campaign and date, paged with ?page=&limit= (X-Total-Count).
  router.get('/donations', async (req, res) => {
    const parsed = donationFilterSchema.safeParse(req.query)
    if (!parsed.success) throw validationError(parsed.error)
    const { status, method, campaign, from, to, page, limit } = parsed.data
    const and: Where[] = []
    if (status) and.push({ status: { equals: status } })
    if (method) and.push({ paymentMethod: { equals: method } })
    // `equals: null` matches a stored null and a missing field on both adapters.
    if (campaign === 'general') and.push({ campaignId: { equals: null } })
    else if (campaign) and.push({ campaignId: { equals: campaign } })
    // The day the gift was received; a record without one counts from the day it was entered.
    if (from || to) {
      const received: Where = { receivedAt: { ...(from ? { greater_than_equal: from } : {}), ...(to ? { less_than_equal: to } : {}) } }
      const entered: Where = {
        createdAt: {
          ...(from ? { greater_than_equal: `${from}T00:00:00.000Z` } : {}),
          ...(to ? { less_than_equal: `${to}T23:59:59.999Z` } : {}),
        },
      }
      and.push({ or: [received, { and: [{ receivedAt: { equals: null } }, entered] }] })
    }
    const paged = page !== undefined || limit !== undefined
    const result = await payload.find({
      collection: 'donations',
      where: and.length ? { and } : undefined,
      sort: '-createdAt',
      depth: 0,
      ...(paged ? { page: page ?? 1, limit: limit ?? 25 } : { pagination: false }),
      user: req.admin,
      overrideAccess: false,
    })
    res.set('X-Total-Count', String(result.totalDocs)).json(result.docs.map(adminDonation))
  })
  router.use('/sponsorships', listRouter(payload, 'sponsorships', '-createdAt', adminSponsorship))

  router.post('/donations', async (req, res) => {
    const { reference, ...input } = parseBody(req, donationSchema)
    const doc = await inTransaction(payload, req.admin!, async (tx) => {
      const campaignId = input.campaignId ? await knownCampaignId(payload, tx, input.campaignId) : null
      if (input.campaignId && !campaignId) throw new HttpError(400, 'campaignId: No such campaign')
      // The spec keeps Venmo's transaction id in its own field; other references (check numbers) in `reference`.
      const referenceField = input.paymentMethod === 'venmo' ? { venmoTransactionId: reference } : { reference }
      return createMoneyRecord(payload, tx, 'donations', { ...input, ...referenceField, campaignId })
    })
    kickOutbox()
    res.status(201).json(adminDonation(doc as Donation))
  })

  router.post('/sponsorships', async (req, res) => {
    const input = parseBody(req, sponsorshipSchema)
    const doc = await inTransaction(payload, req.admin!, (tx) => createMoneyRecord(payload, tx, 'sponsorships', input))
    kickOutbox()
    res.status(201).json(adminSponsorship(doc as Sponsorship))
  })

  router.put('/donations/:id', async (req, res) => {
    const { reference, ...changes } = parseBody(req, donationUpdateSchema)
    const doc = await inTransaction(payload, req.admin!, async (tx) => {
      const before = await findOr404(payload, tx, 'donations', req.params.id as string, 'Donation')
      // A card payment's amount and donor are what Stripe reported; only its status and notes change here.
      if (
        before.stripeCheckoutSessionId &&
        (changes.amount !== undefined || changes.donorName !== undefined || changes.donorEmail !== undefined)
      ) {
        throw new HttpError(409, 'A card payment keeps the amount and donor Stripe reported')
      }
      if (changes.campaignId) {
        if (!(await knownCampaignId(payload, tx, changes.campaignId))) throw new HttpError(400, 'campaignId: No such campaign')
      }
      const referenceField =
        reference === undefined ? {} : before.paymentMethod === 'venmo' ? { venmoTransactionId: reference } : { reference }
      return changeMoneyRecord(payload, tx, 'donations', before, { ...changes, ...referenceField })
    })
    kickOutbox()
    res.json(adminDonation(doc as Donation))
  })

  router.put('/sponsorships/:id', async (req, res) => {
    const changes = parseBody(req, sponsorshipUpdateSchema)
    const doc = await inTransaction(payload, req.admin!, async (tx) => {
      const before = await findOr404(payload, tx, 'sponsorships', req.params.id as string, 'Sponsorship')
      return changeMoneyRecord(payload, tx, 'sponsorships', before, changes)
    })
    kickOutbox()
    res.json(adminSponsorship(doc as Sponsorship))
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
      await inTransaction(payload, req.admin!, async (tx) => {
        const doc = await findOr404(
          payload,
          tx,
          collection,
          req.params.id as string,
          collection === 'donations' ? 'Donation' : 'Sponsorship',
        )
        if (doc.status !== 'completed') throw new HttpError(409, 'Only a completed gift gets a receipt')
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

function sendCsv(res: Response, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10)
  res.type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${name}-${day}.csv"`).send(csv)
}
