import type { GlobalConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { RECEIPT_SETTINGS } from '#shared/payments'
import { GROUP } from '../collections/groups'

/** The treasurer's receipt choices, for admins only. */
export const ReceiptSettings: GlobalConfig = {
  slug: RECEIPT_SETTINGS,
  label: 'Receipt settings',
  admin: { group: GROUP.fundraising },
  access: { read: isAdmin, update: isAdmin },
  fields: [
    {
      name: 'monthlyReceipts',
      label: 'Receipts for monthly gifts',
      type: 'select',
      required: true,
      defaultValue: 'monthly',
      options: [
        { value: 'monthly', label: 'A receipt for each month' },
        { value: 'monthly-and-year', label: 'A receipt for each month, and one for the whole year in January' },
        { value: 'year', label: 'Only one receipt for the whole year, in January (no monthly receipts)' },
      ],
      admin: {
        description:
          'The yearly receipt lists each month’s payment of the past year and is sent once per donor and year, in January (or now, from the portal’s Monthly Gifts).',
      },
    },
  ],
}
