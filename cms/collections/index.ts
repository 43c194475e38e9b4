import { AdminUsers } from './AdminUsers'
import { Campaigns } from './Campaigns'
import { ContactMessages } from './ContactMessages'
import { Donations } from './Donations'
import { EmailOutbox } from './EmailOutbox'
import { Games } from './Games'
import { Receipts } from './Receipts'
import { withPublicCacheInvalidation } from '../site/invalidation'
import { SiteContent } from './SiteContent'
import { SponsorApplications } from './SponsorApplications'
import { Sponsorships } from './Sponsorships'
import { SponsorshipTiers } from './SponsorshipTiers'
import { StripeEvents } from './StripeEvents'
import { TeamMembers } from './TeamMembers'
import { Users } from './Users'

export const collections = [
  AdminUsers,
  Users,
  Campaigns,
  SponsorshipTiers,
  Donations,
  Sponsorships,
  ContactMessages,
  TeamMembers,
  Games,
  SiteContent,
  SponsorApplications,
  StripeEvents,
  Receipts,
  EmailOutbox,
].map(withPublicCacheInvalidation)
