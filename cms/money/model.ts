import type { DomainModel } from '../collections'
import { Campaigns } from './collections/Campaigns'
import { Deposits } from './collections/Deposits'
import { Donations } from './collections/Donations'
import { MonthlyGifts } from './collections/MonthlyGifts'
import { Payouts } from './collections/Payouts'
import { Receipts } from './collections/Receipts'
import { SponsorshipTiers } from './collections/SponsorshipTiers'
import { Sponsorships } from './collections/Sponsorships'
import { Statements } from './collections/Statements'
import { StripeEvents } from './collections/StripeEvents'

/**
 * The money's data model: what payload.config.ts takes (docs/decisions/017). The records' shared rules (the ledger,
 * receipts, refunds, Stripe) are the infrastructure of cms/payments/, which a membership's dues follow too. The
 * campaigns, the sponsorships (the sponsor wall) and the tiers are public.
 */
export const moneyModel: DomainModel = {
  name: 'money',
  collections: [Campaigns, SponsorshipTiers, Donations, Sponsorships, Deposits, StripeEvents, MonthlyGifts, Payouts, Receipts, Statements],
  publicCollections: [Campaigns.slug, Sponsorships.slug, SponsorshipTiers.slug],
  photoFields: [
    { collection: 'campaigns', upload: 'image', url: 'imageUrl' },
    { collection: 'sponsorships', upload: 'logo', url: 'logoUrl' },
  ],
}
