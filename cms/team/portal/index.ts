import type { DomainPortal } from '#portal/lib/domainPortal.ts'
import { TeamTab } from './TeamTab'

/** The team's part of the portal (a browser bundle, built by Next): the Team tab, after Campaigns, editors' too. */
export const teamPortal: DomainPortal = {
  tabs: [{ value: 'team', label: 'Team', Panel: TeamTab, editors: true, after: 'campaigns' }],
}
