import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { isStaff } from '../access/isStaff'
import { adminOnlyField } from '../access/roles'
import { moneyField, textFlagField } from './fields'

export const SponsorshipTiers: CollectionConfig = {
  slug: 'sponsorship-tiers',
  // Editors change a tier's texts; prices and the tier list are the admins'.
  access: { read: isStaff, create: isAdmin, update: isStaff, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    moneyField('amount', { required: true, access: { create: adminOnlyField, update: adminOnlyField } }),
    { name: 'color', type: 'text', required: true, defaultValue: 'green', maxLength: 30 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    {
      name: 'benefits',
      type: 'json',
      defaultValue: [],
      validate: (value: unknown) =>
        value == null || (Array.isArray(value) && value.every((b) => typeof b === 'string')) || 'Benefits must be a list of text lines',
    },
    // Which public level (bronze/silver/gold) this tier is, to match applications and sponsorships to it.
    { name: 'level', type: 'select', options: ['bronze', 'silver', 'gold'] },
    // Good-faith estimate of what the sponsor receives (tickets, ads): printed on receipts, not deductible.
    moneyField('goodsValue'),
    { name: 'displayOrder', type: 'number', required: true, defaultValue: 0, min: 0 },
    textFlagField('isActive'),
  ],
}
