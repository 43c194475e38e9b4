import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { moneyField, textFlagField } from './fields'

export const Campaigns: CollectionConfig = {
  slug: 'campaigns',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', required: true, maxLength: 5000 },
    moneyField('goalAmount', { required: true }),
    moneyField('currentAmount', { required: true, defaultValue: '0.00' }),
    { name: 'imageUrl', type: 'text', maxLength: 500 },
    textFlagField('isActive', true),
  ],
}
