import type { GlobalConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { GROUP } from '../collections/groups'
import { publicContentChanged } from '../collections/publicChanges'

export const ROSTER_SETTINGS = 'roster-settings'

/** How the public roster shows minors (cms/site/roster.ts applies it with each player's switches). */
export const ROSTER_PRIVACY = [
  { value: 'asEntered', label: 'Names and photos as entered' },
  { value: 'consentOnly', label: 'First name and last initial; photos only with consent' },
] as const
export type RosterPrivacy = (typeof ROSTER_PRIVACY)[number]['value']

export const RosterSettings: GlobalConfig = {
  slug: ROSTER_SETTINGS,
  label: 'Roster privacy',
  admin: { group: GROUP.website },
  access: { read: isStaff, update: isStaff },
  hooks: { afterChange: [publicContentChanged] },
  fields: [
    {
      name: 'privacy',
      label: 'On the public roster, show',
      type: 'radio',
      options: ROSTER_PRIVACY.map((o) => ({ ...o })),
      defaultValue: 'asEntered',
      required: true,
      admin: {
        description:
          'Each player can also be switched off (Show photo, Show full name). Under the second choice a player is shown by full name or photo only when her switch is ticked.',
      },
    },
  ],
}
