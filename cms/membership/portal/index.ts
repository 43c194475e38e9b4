import type { DomainPortal } from '#portal/lib/domainPortal.ts'
import { MembersOverview } from './MembersOverview'
import { MembersTab } from './MembersTab'

/** The membership domain's part of the portal (a browser bundle, built by Next): the Members tab and the Overview's line. */
export const membershipPortal: DomainPortal = {
  tabs: [{ value: 'members', label: 'Members', Panel: MembersTab }],
  Overview: MembersOverview,
}
