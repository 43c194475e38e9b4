import type { GlobalConfig } from 'payload'
import { PUBLIC_NAME_CHOICES } from '#shared/volunteers'
import { isAdmin } from '../../access/isAdmin'
import { GROUP } from '../../collections/groups'

/** The club's volunteer choices (docs/VOLUNTEERS.md): whether /volunteer shows who signed up (first name and last initial; nothing by default). */
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
  ],
}
