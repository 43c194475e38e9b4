import type { CollectionConfig } from 'payload'
import { SPONSORSHIP_LEVELS } from '#shared/schemas'
import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'
import { urlFromUpload } from '../hooks/urlFromUpload'
import { moneyHooks } from '../payments/moneyRules'
import { moneyField, uploadField } from './fields'
import { GROUP } from './groups'
import { moneyRecordFields, moneyStatusField, paymentMethodField, systemField } from './moneyRecord'

const hooks = moneyHooks('sponsorships')

export const Sponsorships: CollectionConfig = {
  slug: 'sponsorships',
  // Never deleted, by anyone: a mistaken sponsorship is voided with a reason.
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: nobody },
  admin: {
    group: GROUP.fundraising,
    useAsTitle: 'sponsorCompany',
    defaultColumns: ['sponsorCompany', 'sponsorName', 'tier', 'amount', 'status', 'createdAt'],
    listSearchableFields: ['sponsorCompany', 'sponsorName', 'sponsorEmail'],
  },
  disableDuplicate: true,
  defaultSort: '-createdAt',
  hooks: { ...hooks, beforeChange: [urlFromUpload('logo', 'logoUrl', 'logo'), ...(hooks.beforeChange ?? [])] },
  fields: [
    { name: 'sponsorName', type: 'text', required: true, maxLength: 200 },
    { name: 'sponsorEmail', type: 'text', required: true, maxLength: 254 },
    { name: 'sponsorCompany', type: 'text', maxLength: 200 },
    { name: 'tier', type: 'select', options: [...SPONSORSHIP_LEVELS], required: true },
    // Corrected in the portal (docs/roles.md); read-only in Payload's editor.
    moneyField('amount', { required: true, admin: { readOnly: true } }),
    systemField({ name: 'stripePaymentIntentId', type: 'text', maxLength: 255 }),
    moneyStatusField,
    { name: 'benefits', type: 'json' },
    paymentMethodField(false),
    // The sponsor application this sponsorship was approved from: one sponsorship per application.
    systemField({ name: 'applicationId', type: 'text', maxLength: 100, unique: true }),
    // Shown on the public sponsor wall (with the company name); never the email.
    { name: 'website', type: 'text', maxLength: 300 },
    uploadField('logo', "Upload the sponsor's logo; the logo URL below is then filled in from it."),
    { name: 'logoUrl', type: 'text', maxLength: 500 },
    { name: 'expiresAt', type: 'text', maxLength: 10 },
    ...moneyRecordFields,
  ],
}
