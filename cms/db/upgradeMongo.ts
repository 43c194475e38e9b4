import type { Payload } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { lastMoveAt } from '#shared/payments'
import { CONTENT_SECTIONS, siteTextLabel } from '#shared/siteContent'
import { clubDayOf } from '../env'
import { levelSnapshotOf, redateGifts, redatingMessage } from './clubDayUpgrade'

/**
 * MongoDB has no schema migrations; what a stored document must become after
 * a change of its collection is done here, at start, and is a no-op once done
 * (the SQLite twin of each step is a migration in cms/db/migrations).
 */
export async function upgradeMongo(payload: Payload) {
  // 20261124 money_rules: a gift's campaign was the text `campaignId`; it is the relationship `campaign` now.
  const donations = (payload.db as unknown as { collections: Record<string, MongoCollection> }).collections.donations
  await donations.updateMany({ campaignId: { $exists: true } }, [
    { $set: { campaign: { $convert: { input: '$campaignId', to: 'objectId', onError: null, onNull: null } } } },
    { $unset: 'campaignId' },
  ])
  // …and a campaign's raised amount is split into its opening balance and its recorded gifts.
  const { docs } = await payload.find({ collection: 'campaigns', where: { giftsAmount: { exists: false } }, pagination: false, depth: 0 })
  for (const campaign of docs) {
    const gifts = await recordedGiftsCents(payload, campaign.id)
    const base = Math.max(0, toCents(campaign.currentAmount ?? '0') - gifts)
    await payload.update({
      collection: 'campaigns',
      id: campaign.id,
      data: { baseAmount: formatCents(base), giftsAmount: formatCents(gifts) },
      depth: 0,
      overrideAccess: true,
      context: { skipAudit: true },
    })
  }
  // 20261124 site_text_label: each site text has a readable title ("About · Mission").
  const siteContent = (payload.db as unknown as { collections: Record<string, MongoCollection> }).collections['site-content']
  for (const { section, fields } of CONTENT_SECTIONS) {
    for (const { key } of fields) {
      await siteContent.updateMany({ section, key, label: { $exists: false } }, [{ $set: { label: siteTextLabel(section, key) } }])
    }
  }
  await siteContent.updateMany({ label: { $exists: false } }, [{ $set: { label: { $concat: ['$section', ' · ', '$key'] } } }])
  // 20261124 page_drafts_money_versions: a footer page's `published` checkbox is Payload's drafts status, and each
  // page's newest version is its latest (what a staff preview reads).
  const db = payload.db as unknown as { collections: Record<string, MongoCollection>; versions: Record<string, MongoCollection> }
  const status = (flag: string) => ({ $cond: [flag, 'published', 'draft'] })
  await db.collections.pages.updateMany({ published: { $exists: true } }, [
    { $set: { _status: status('$published') } },
    { $unset: 'published' },
  ])
  const pageVersions = db.versions.pages
  await pageVersions.updateMany({ 'version.published': { $exists: true } }, [
    { $set: { 'version._status': status('$version.published') } },
    { $unset: 'version.published' },
  ])
  const pages = await payload.find({ collection: 'pages', pagination: false, depth: 0, select: {} })
  for (const page of pages.docs) {
    if (
      (await payload.findVersions({ collection: 'pages', where: { parent: { equals: page.id }, latest: { equals: true } }, limit: 1 }))
        .totalDocs
    )
      continue
    const newest = (
      await payload.findVersions({ collection: 'pages', where: { parent: { equals: page.id } }, sort: '-updatedAt', limit: 1 })
    ).docs[0]
    // (Payload hands out ids as text; Mongo stores ObjectIds.)
    if (newest) await pageVersions.updateMany({ $expr: { $eq: [{ $toString: '$_id' }, String(newest.id)] } }, [{ $set: { latest: true } }])
  }
  // 20261126 statements_void_days: refunds and voids carry the club's day of their move (history, else the last change).
  for (const collection of ['donations', 'sponsorships'] as const) {
    const undated = await payload.find({
      collection,
      where: {
        or: [
          { and: [{ status: { in: ['refunded', 'partially_refunded'] } }, { refundedOn: { exists: false } }] },
          { and: [{ status: { equals: 'void' } }, { voidedOn: { exists: false } }] },
        ],
      },
      pagination: false,
      depth: 0,
      select: { status: true, history: true, updatedAt: true },
    })
    for (const doc of undated.docs) {
      const refund = doc.status !== 'void'
      const at = lastMoveAt(doc.history, refund ? ['refunded', 'partially_refunded'] : ['void']) ?? doc.updatedAt
      const day = clubDayOf(Date.parse(at))
      await payload.db.updateOne({
        collection,
        id: doc.id,
        data: refund ? { refundedOn: day } : { voidedOn: day, voidCategory: 'other' },
        returning: false,
      })
    }
  }
  await clubDay(payload)
}

/** 20261126 club_day (cms/db/clubDayUpgrade.ts): gifts on the club's day, sponsorships keep their level. Once. */
async function clubDay(payload: Payload) {
  const done = await payload.count({ collection: 'server-state', where: { key: { equals: 'upgrade:club_day' } }, overrideAccess: true })
  if (done.totalDocs > 0) return
  const db = payload.db as unknown as { collections: Record<string, MongoCollection> }
  const system = { pagination: false, depth: 0, overrideAccess: true } as const
  const donations = await payload.find({ collection: 'donations', ...system })
  const redating = redateGifts(
    donations.docs.map((d) => ({
      id: d.id,
      receivedAt: d.receivedAt ?? null,
      createdAt: d.createdAt,
      fromStripe: Boolean(d.stripeCheckoutSessionId || d.stripeInvoiceId || d.stripePaymentIntentId),
      receiptNumber: d.receiptNumber ?? null,
      email: d.donorEmail,
    })),
  )
  const byId = (id: string) => ({ $expr: { $eq: [{ $toString: '$_id' }, id] } })
  // Straight to the database: the collection's rules keep a card gift's day from any person, rightly.
  for (const { id, receivedAt } of redating.days) await db.collections.donations.updateMany(byId(id), [{ $set: { receivedAt } }])
  const now = new Date().toISOString()
  for (const mail of redating.corrections)
    if (!(await payload.count({ collection: 'email-outbox', where: { key: { equals: mail.key } }, overrideAccess: true })).totalDocs)
      await payload.create({
        collection: 'email-outbox',
        data: { ...mail, status: 'pending', attempts: 0, nextAttemptAt: now },
        depth: 0,
        overrideAccess: true,
      })
  const sponsorships = await payload.find({ collection: 'sponsorships', ...system })
  const sponsorshipDays = redateGifts(
    sponsorships.docs.map((d) => ({
      id: d.id,
      receivedAt: d.receivedAt ?? null,
      createdAt: d.createdAt,
      fromStripe: false,
      receiptNumber: null,
      email: null,
    })),
  )
  for (const { id, receivedAt } of sponsorshipDays.days) await db.collections.sponsorships.updateMany(byId(id), [{ $set: { receivedAt } }])
  const tiers = await payload.find({ collection: 'sponsorship-tiers', sort: ['displayOrder', 'createdAt'], ...system })
  for (const s of sponsorships.docs) {
    const snapshot = s.tierName ? null : levelSnapshotOf(s.tier, tiers.docs)
    if (!snapshot) continue
    const benefits = Array.isArray(s.benefits) && s.benefits.length ? s.benefits : snapshot.benefits
    await db.collections.sponsorships.updateMany(byId(s.id), [{ $set: { ...snapshot, benefits } }])
  }
  payload.logger.info(redatingMessage(redating))
  await payload.create({ collection: 'server-state', data: { key: 'upgrade:club_day', stamp: now }, overrideAccess: true })
}

// 20261126 inbox_one_record_per_submit: nothing to move; the new unique `submissionKey` index is sparse on MongoDB
// (Payload's adapter), so the arrivals stored before it, which have none, do not collide.

// 20261126 version_authors: nothing to move; `updatedBy` (who saved each version) is a new optional field, and the
// versions saved before it show no author in the History (cms/api/history.ts).

type MongoCollection = { updateMany: (filter: object, update: object[]) => Promise<unknown> }

/** A campaign's recorded gifts as the rule stood then (completed, less refunds), frozen here with its step. */
async function recordedGiftsCents(payload: Payload, campaignId: string): Promise<number> {
  const { docs } = await payload.find({
    collection: 'donations',
    where: { campaign: { equals: campaignId } },
    pagination: false,
    select: { status: true, amount: true, refundedAmount: true },
    depth: 0,
    overrideAccess: true,
  })
  return docs.reduce((sum, { status, amount, refundedAmount }) => {
    if (status === 'completed') return sum + toCents(amount)
    if (status === 'partially_refunded') return sum + toCents(amount) - toCents(refundedAmount ?? '0')
    return sum
  }, 0)
}
