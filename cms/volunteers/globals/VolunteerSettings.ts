import type { GlobalConfig } from 'payload'
import { PUBLIC_NAME_CHOICES } from '#shared/volunteers'
import { isAdmin } from '../../access/isAdmin'
import { GROUP } from '../../collections/groups'
import { moneyField } from '../../collections/fields'

/**
 * The club's volunteer choices (docs/VOLUNTEERS.md): whether /volunteer shows who signed up (first name and last
 * initial; nothing by default), and the hours buy-out, off by default: a participation fee, never a contribution.
 */
export const VolunteerSettings: GlobalConfig = {
  slug: 'volunteer-settings',
  label: 'Volunteer settings',
  admin: { group: GROUP.volunteers },
  access: { read: isAdmin, update: isAdmin },
  fields: [
    {
      name: 'publicNames',
      type: 'select',
      options: [
        { value: PUBLIC_NAME_CHOICES[0], label: 'Show no names (places only)' },
        { value: PUBLIC_NAME_CHOICES[1], label: 'Show first name and last initial (“Ann B.”)' },
      ],
      defaultValue: 'hidden',
      required: true,
    },
    {
      name: 'buyOut',
      type: 'group',
      admin: { description: 'Families may pay instead of working the hours they owe: a participation fee, not a contribution.' },
      fields: [
        { name: 'enabled', type: 'checkbox', defaultValue: false },
        moneyField('perHour', { label: 'Per hour not worked', admin: { description: 'For example 20.00.' } }),
      ],
    },
  ],
}
