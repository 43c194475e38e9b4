import type { DomainPortal } from '#portal/lib/domainPortal.ts'
import { CampaignsTab } from './CampaignsTab'
import { SponsorshipsTab } from './SponsorshipsTab'

/**
 * The money's part of the portal (a browser bundle, built by Next): the Campaigns tab (editors' too) after the
 * Overview, and the Sponsorships tab (its tiers) after Games. The money's panels on the Overview are still the
 * portal's own (cms/portal/payments/).
 */
export const moneyPortal: DomainPortal = {
  tabs: [
    { value: 'campaigns', label: 'Campaigns', Panel: CampaignsTab, editors: true, after: 'overview' },
    { value: 'sponsorships', label: 'Sponsorships', Panel: SponsorshipsTab, after: 'games' },
  ],
}
