import type { GlobalAfterChangeHook, GlobalConfig } from 'payload'
import { ROSTER_PRIVACY, ROSTER_SETTINGS } from '#shared/roster'
import { isAdmin } from '../../access/isAdmin'
import { isStaff } from '../../access/isStaff'
import { GROUP } from '../../collections/groups'
import { publicContentChanged } from '../../collections/publicChanges'
import { syncAllPlayerPhotoAlts } from '../rosterPrivacy'

/** Another privacy shows other names: the players' photos' alt texts follow (shared/roster.ts). */
const playerPhotoAltsFollow: GlobalAfterChangeHook = async ({ doc, req }) => {
  await syncAllPlayerPhotoAlts(req.payload, req, doc.privacy === 'consentOnly' ? 'consentOnly' : 'asEntered')
  return doc
}

/** How the public roster shows minors (shared/roster.ts applies it with each player's switches). Only admins change it (docs/roles.md). */
export const RosterSettings: GlobalConfig = {
  slug: ROSTER_SETTINGS,
  label: 'Roster privacy',
  admin: { group: GROUP.website },
  access: { read: isStaff, update: isAdmin },
  hooks: { afterChange: [playerPhotoAltsFollow, publicContentChanged] },
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
          'Until an admin saves a choice here, players are shown as entered. For a team of minors we recommend the second choice: a player is then shown by full name or photo only once her switch (Show full name, Show photo) is ticked. Each player can also be switched off. Only admins change this.',
      },
    },
  ],
}
