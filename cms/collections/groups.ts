/** The groups of Payload's admin menu: what a volunteer looks for, not how the data is stored. */
export const GROUP = {
  website: 'Website',
  fundraising: 'Fundraising',
  inbox: 'Inbox',
  members: 'Members',
  volunteers: 'Volunteers',
  accounts: 'Club accounts',
  /** Bookkeeping only the server writes: hidden from the menu (admins still reach it by address). */
  system: 'System records',
} as const
