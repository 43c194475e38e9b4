import type { GlobalConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { GROUP } from '../../collections/groups'

/**
 * The club's membership choices (docs/MEMBERSHIP.md): whether signed-in members see a directory of the
 * households that chose to be listed (off by default), and what a family is told when it cannot pay by card.
 * Admins only.
 */
export const MembershipSettings: GlobalConfig = {
  slug: 'membership-settings',
  label: 'Membership settings',
  admin: { group: GROUP.members },
  access: { read: isAdmin, update: isAdmin },
  fields: [
    {
      name: 'directory',
      label: 'Members’ directory',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'Signed-in members see the households that chose to be listed, with only what each chose to show.' },
    },
    {
      name: 'payInPerson',
      label: 'Paying by cash or check',
      type: 'textarea',
      maxLength: 1000,
      admin: {
        description:
          'What a family reads when it pays in person, e.g. “Bring cash or a check to the monthly meeting, first Tuesday at 7:00 PM.” Empty: the club’s legal name and address are given for a check by mail.',
      },
    },
  ],
}
