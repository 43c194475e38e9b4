import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { moneyField, uploadField } from './fields'
import { urlFromUpload } from '../hooks/urlFromUpload'
import { moneyRecordFields } from './moneyRecord'

export const Sponsorships: CollectionConfig = {
  slug: 'sponsorships',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { beforeChange: [urlFromUpload('logo', 'logoUrl', 'logo')] },
  fields: [
    { name: 'sponsorName', type: 'text', required: true, maxLength: 200 },
    { name: 'sponsorEmail', type: 'text', required: true, maxLength: 254 },
    { name: 'sponsorCompany', type: 'text', maxLength: 200 },
    { name: 'tier', type: 'text', required: true, maxLength: 50 },
    moneyField('amount', { required: true }),
    { name: 'stripePaymentIntentId', type: 'text', maxLength: 255 },
    { name: 'status', type: 'text', required: true, defaultValue: 'pending', maxLength: 20, index: true },
    { name: 'benefits', type: 'json' },
    { name: 'paymentMethod', type: 'text', maxLength: 20 },
    // The sponsor application this sponsorship was approved from: one sponsorship per application.
    { name: 'applicationId', type: 'text', maxLength: 100, unique: true },
    // Shown on the public sponsor wall (with the company name); never the email.
    { name: 'website', type: 'text', maxLength: 300 },
    uploadField('logo', "Upload the sponsor's logo; the logo URL below is then filled in from it."),
    { name: 'logoUrl', type: 'text', maxLength: 500 },
    { name: 'expiresAt', type: 'text', maxLength: 10 },
    ...moneyRecordFields,
  ],
}
