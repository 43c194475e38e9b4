import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { GROUP } from './groups'

/** Every Stripe event handled, once: the unique event id makes a replay a no-op (cms/payments/webhook.ts). */
export const StripeEvents: CollectionConfig = {
  slug: 'stripe-events',
  admin: { group: GROUP.system, hidden: true, useAsTitle: 'eventId', defaultColumns: ['eventId', 'type', 'objectId', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'eventId', type: 'text', required: true, unique: true, maxLength: 255 },
    { name: 'type', type: 'text', required: true, maxLength: 100 },
    { name: 'objectId', type: 'text', maxLength: 255 },
  ],
}
