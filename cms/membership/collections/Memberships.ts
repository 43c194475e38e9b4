import type { CollectionConfig } from 'payload'
import { MEMBERSHIP_METHODS, MEMBERSHIP_STATUSES } from '#shared/membership'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { moneyField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { systemField } from '../../collections/moneyRecord'
import { membershipNeverDeleted, membershipRules } from '../memberships'

/**
 * A household's membership of one season (docs/MEMBERSHIP.md "Memberships"): at a level, for a number of
 * athletes, at the amount the server computed, paid by card, check or cash (its dues: a money record the
 * books read) or comped. One per household and season. Admins only; never deleted. The rules are the
 * collection's hooks (cms/membership/memberships.ts).
 */
export const Memberships: CollectionConfig = {
  slug: 'memberships',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: nobody },
  admin: {
    group: GROUP.members,
    defaultColumns: ['household', 'season', 'level', 'status', 'amount'],
    description: 'Who is a member of which season. Active once the dues are paid (card, or recorded in the portal’s Members tab).',
  },
  disableDuplicate: true,
  defaultSort: '-createdAt',
  hooks: { beforeChange: [membershipRules], beforeDelete: [membershipNeverDeleted] },
  fields: [
    { name: 'household', type: 'relationship', relationTo: 'households', index: true },
    { name: 'season', type: 'relationship', relationTo: 'seasons', index: true, admin: { description: 'The level’s season.' } },
    { name: 'level', type: 'relationship', relationTo: 'membership-levels', required: true, index: true },
    { name: 'status', type: 'select', options: [...MEMBERSHIP_STATUSES], required: true, defaultValue: 'pending', index: true },
    {
      name: 'athletes',
      type: 'number',
      min: 0,
      max: 10,
      defaultValue: 1,
      admin: { description: 'How many athletes the dues were priced for.' },
    },
    systemField(moneyField('amount', { admin: { description: 'Computed by the server from the level, the athletes and the day.' } })),
    systemField({ name: 'paymentMethod', type: 'select', options: [...MEMBERSHIP_METHODS] }),
    systemField({ name: 'paidOn', type: 'text', maxLength: 10, admin: { description: 'The club day it was paid (or comped).' } }),
    { name: 'compReason', type: 'text', maxLength: 500, admin: { description: 'Required to comp a membership.' } },
    // The payment: a record of the `dues` collection, which the books read like any gift.
    systemField({ name: 'dues', type: 'relationship', relationTo: 'dues' }),
    // The Stripe Checkout session offered for it, reused while open so a family is never asked to pay twice.
    systemField({
      name: 'checkout',
      type: 'group',
      admin: { hidden: true },
      fields: [
        { name: 'sessionId', type: 'text', maxLength: 255 },
        { name: 'url', type: 'text', maxLength: 2000 },
        { name: 'expiresAt', type: 'date' },
        { name: 'attempt', type: 'number' },
      ],
    }),
    // One membership per household and season, whatever arrives at once (`<season>:<household>`).
    systemField({ name: 'key', type: 'text', unique: true, maxLength: 100, admin: { hidden: true } }),
    systemField({ name: 'history', type: 'json', admin: { components: { Field: '/fields/TextLines#JsonReadOnly' } } }),
    { name: 'notes', type: 'textarea', maxLength: 2000 },
  ],
}
