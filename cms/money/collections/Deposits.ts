import type { CollectionConfig } from 'payload'
import { isCalendarDay } from '#shared/clubDay'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { depositNeverDeleted, depositRules } from '../../payments/deposits'
import { moneyField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { systemField } from '../../collections/moneyRecord'

/**
 * A bank deposit of checks and cash (docs/ACCOUNTING.md "Deposits"): the completed offline gifts the
 * treasurer took to the bank on a club day, with the slip's lines and total as they were then. The rules
 * (one deposit per gift, only completed checks and cash, facts never change, never deleted) are the
 * collection's hooks (cms/payments/deposits.ts), so every path obeys them. Admins only.
 */
export const Deposits: CollectionConfig = {
  slug: 'deposits',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: nobody },
  admin: {
    group: GROUP.fundraising,
    useAsTitle: 'depositedOn',
    defaultColumns: ['depositedOn', 'total', 'createdAt'],
    description: 'Checks and cash taken to the bank together. Made in the portal (Overview › Deposits); only the notes can change.',
  },
  disableDuplicate: true,
  defaultSort: '-depositedOn',
  hooks: { beforeChange: [depositRules], beforeDelete: [depositNeverDeleted] },
  fields: [
    {
      name: 'depositedOn',
      type: 'text',
      required: true,
      maxLength: 10,
      index: true,
      validate: (value: unknown) => isCalendarDay(value) || 'Must be a day written YYYY-MM-DD',
      admin: { description: "The club's day the deposit was made at the bank (YYYY-MM-DD)." },
    },
    { name: 'donations', type: 'relationship', relationTo: 'donations', hasMany: true, index: true, admin: { readOnly: true } },
    { name: 'sponsorships', type: 'relationship', relationTo: 'sponsorships', hasMany: true, index: true, admin: { readOnly: true } },
    // Membership dues paid by check or cash (the membership domain's money records).
    { name: 'dues', type: 'relationship', relationTo: 'dues', hasMany: true, index: true, admin: { readOnly: true } },
    // Written by the rules from the gifts, as they were when deposited: what the slip prints.
    systemField(moneyField('total')),
    systemField({ name: 'lines', type: 'json' }),
    { name: 'notes', type: 'textarea', maxLength: 2000 },
  ],
}
