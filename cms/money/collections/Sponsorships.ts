import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { SPONSORSHIP_LEVELS } from '#shared/schemas'
import { isSponsorshipLevel } from '#shared/tiers'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { urlFromUpload } from '../../hooks/urlFromUpload'
import { keptFact, moneyHooks } from '../../payments/moneyRules'
import { loadAllTiers } from '../../payments/tiers'
import { moneyField, textLinesField, uploadField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { moneyRecordFields, moneyStatusField, paymentMethodField, systemField } from '../../collections/moneyRecord'

const hooks = moneyHooks('sponsorships')

/**
 * What the level was when the sponsorship was recorded (name, price, goods value, benefits): its receipt
 * and statements print this, so a later edit of the level never changes a recorded sponsorship. Taken
 * again only when the sponsorship itself is moved to another level.
 */
const levelSnapshot: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  const level = data.tier ?? originalDoc?.tier
  const keep = operation === 'update' && (data.tier === undefined || data.tier === originalDoc?.tier)
  if (keep) {
    const { tierName, tierPrice, goodsValue } = originalDoc ?? {}
    return { ...data, tierName, tierPrice, goodsValue }
  }
  if (!isSponsorshipLevel(level)) return data
  const tier = (await loadAllTiers(req.payload, req))[level]
  const benefits = Array.isArray(data.benefits) && data.benefits.length ? data.benefits : tier.benefits
  return { ...data, tierName: tier.name, tierPrice: tier.amount, goodsValue: tier.goodsValue, benefits }
}

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
  hooks: { ...hooks, beforeChange: [urlFromUpload('logo', 'logoUrl', 'logo'), levelSnapshot, ...(hooks.beforeChange ?? [])] },
  fields: [
    // A payment Stripe reported keeps its sponsor, amount, method and day (cms/payments/moneyRules.ts factsKept).
    { name: 'sponsorName', type: 'text', required: true, maxLength: 200, ...keptFact('sponsorName') },
    { name: 'sponsorEmail', type: 'text', required: true, maxLength: 254, ...keptFact('sponsorEmail') },
    { name: 'sponsorCompany', type: 'text', maxLength: 200 },
    { name: 'tier', type: 'select', options: [...SPONSORSHIP_LEVELS], required: true },
    // Corrected in the portal (docs/roles.md); read-only in Payload's editor.
    moneyField('amount', { required: true, ...keptFact('amount'), admin: { readOnly: true } }),
    // The level as it was when recorded (levelSnapshot above): what its receipt and statements print.
    systemField({ name: 'tierName', type: 'text', maxLength: 100 }),
    systemField(moneyField('tierPrice')),
    systemField(moneyField('goodsValue', { label: 'Value of goods received' })),
    systemField({ name: 'stripePaymentIntentId', type: 'text', maxLength: 255 }),
    moneyStatusField,
    textLinesField('benefits', 'Benefits', 'What the sponsor receives, one per line.'),
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
