/**
 * The groups of Payload's admin menu: what a volunteer looks for, not how the data is stored. The menu shows them
 * in this order, whichever domain a collection comes from (./index.ts `withDomainModels`).
 */
export const GROUP = {
  accounts: 'Club accounts',
  fundraising: 'Fundraising',
  inbox: 'Inbox',
  website: 'Website',
  /** Bookkeeping only the server writes: hidden from the menu (admins still reach it by address). */
  system: 'System records',
  members: 'Members',
  volunteers: 'Volunteers',
} as const
