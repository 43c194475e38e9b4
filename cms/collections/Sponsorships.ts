import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { moneyField } from './fields'

export const Sponsorships: CollectionConfig = {
  slug: 'sponsorships',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'sponsorName', type: 'text', required: true, maxLength: 200 },
    { name: 'sponsorEmail', type: 'text', required: true, maxLength: 254 },
    { name: 'sponsorCompany', type: 'text', maxLength: 200 },
    { name: 'tier', type: 'text', required: true, maxLength: 50 },
    moneyField('amount', { required: true }),
    { name: 'stripePaymentIntentId', type: 'text', maxLength: 255 },
    { name: 'status', type: 'text', required: true, defaultValue: 'pending', maxLength: 20, index: true },
    { name: 'benefits', type: 'json' },
  ],
}
