import type { Payload } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { CONTENT_SECTIONS } from '#shared/siteContent'
import { siteTextLabel } from '../collections/SiteContent'
import { giftsOf } from '../payments/ledger'

/**
 * MongoDB has no schema migrations; what a stored document must become after
 * a change of its collection is done here, at start, and is a no-op once done
 * (the SQLite twin of each step is a migration in ./migrations).
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
}

type MongoCollection = { updateMany: (filter: object, update: object[]) => Promise<unknown> }
