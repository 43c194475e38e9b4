import { withAuditHooks } from '../audit/log'
import { withAllOrNothingBulk } from '../hooks/allOrNothing'
import { withNotGivenStored } from '../hooks/notGiven'
import { AdminUsers } from './AdminUsers'
import { AuditLog } from './AuditLog'
import { Campaigns } from './Campaigns'
import { ContactMessages } from './ContactMessages'
import { Deposits } from './Deposits'
import { Donations } from './Donations'
import { EmailOutbox } from './EmailOutbox'
import { Games } from './Games'
import { LoginThrottle } from './LoginThrottle'
import { Media } from './Media'
import { Pages } from './Pages'
import { Receipts } from './Receipts'
import { Statements } from './Statements'
import { ServerState } from './ServerState'
import { withPublicCacheInvalidation } from './publicChanges'
import { SiteContent } from './SiteContent'
import { SponsorApplications } from './SponsorApplications'
import { Sponsorships } from './Sponsorships'
import { SponsorshipTiers } from './SponsorshipTiers'
import { StripeEvents } from './StripeEvents'
import { MonthlyGifts } from './MonthlyGifts'
import { Payouts } from './Payouts'
import { TeamMembers } from './TeamMembers'
import { Users } from './Users'

/**
 * Every collection records its creates, updates and deletes in the audit log
 * (cms/audit/log.ts), and writes a bulk update whole or not at all
 * (cms/hooks/allOrNothing.ts), but the login throttle's own bookkeeping
 * (written for each failed login, never through an API) and the processes'
 * shared state.
 */
export const collections = [
  AdminUsers,
  Users,
  Campaigns,
  SponsorshipTiers,
  Donations,
  Sponsorships,
  Deposits,
  ContactMessages,
  TeamMembers,
  Games,
  SiteContent,
  SponsorApplications,
  Media,
  Pages,
  StripeEvents,
  MonthlyGifts,
  Payouts,
  Receipts,
  Statements,
  EmailOutbox,
  AuditLog,
]
  .map(withNotGivenStored)
  .map(withPublicCacheInvalidation)
  .map(withAuditHooks)
  .map(withAllOrNothingBulk)
  .concat(LoginThrottle, ServerState)
