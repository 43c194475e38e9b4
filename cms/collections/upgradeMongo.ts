import type { Payload } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { CONTENT_SECTIONS, siteTextLabel } from '#shared/siteContent'
import { giftsOf } from '../payments/ledger'

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
    const gifts = toCents(await giftsOf(payload, undefined, campaign.id))
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
}

// 20261126 inbox_one_record_per_submit: nothing to move; the new unique `submissionKey` index is sparse on MongoDB
// (Payload's adapter), so the arrivals stored before it, which have none, do not collide.

type MongoCollection = { updateMany: (filter: object, update: object[]) => Promise<unknown> }
