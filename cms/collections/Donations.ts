import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { moneyField } from './fields'
import { moneyRecordFields } from './moneyRecord'

export const Donations: CollectionConfig = {
  slug: 'donations',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'donorName', type: 'text', required: true, maxLength: 200 },
    { name: 'donorEmail', type: 'text', required: true, maxLength: 254 },
    moneyField('amount', { required: true }),
    { name: 'campaignId', type: 'text', maxLength: 100 },
    { name: 'paymentMethod', type: 'text', required: true, defaultValue: 'stripe', maxLength: 20 },
    { name: 'stripePaymentIntentId', type: 'text', maxLength: 255, index: true },
    // One donation per Checkout Session, whatever order or how often Stripe sends its events.
    { name: 'stripeCheckoutSessionId', type: 'text', maxLength: 255, unique: true },
    { name: 'venmoTransactionId', type: 'text', maxLength: 255 },
    { name: 'status', type: 'text', required: true, defaultValue: 'pending', maxLength: 20, index: true },
    ...moneyRecordFields,
  ],
}
