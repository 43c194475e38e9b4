import type { GlobalConfig } from 'payload'
import { MONEY_PATTERN, toCents } from '#shared/money'
import { PUBLIC_NAME_CHOICES } from '#shared/volunteers'
import { isAdmin } from '../../access/isAdmin'
import { moneyField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'

/**
 * The club's volunteer choices (docs/VOLUNTEERS.md): whether /volunteer shows who signed up (first name and last
 * initial; nothing by default), and whether a household may buy out the hours it did not work, at what price per
 * hour (off by default; a participation fee, never a contribution). Admins only.
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
      name: 'buyOutEnabled',
      type: 'checkbox',
      label: 'Households may buy out hours they did not work',
      defaultValue: false,
      admin: {
        description: 'An admin records the payment (cash or check) in the Members tab; it is a participation fee, not a contribution.',
      },
    },
    moneyField('buyOutPricePerHour', {
      label: 'Buy-out price per hour',
      admin: { condition: (data) => Boolean(data?.buyOutEnabled) },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
        !siblingData?.buyOutEnabled || (typeof value === 'string' && MONEY_PATTERN.test(value) && toCents(value) > 0)
          ? true
          : 'A price per hour above $0 is required to offer a buy-out',
    }),
  ],
}
