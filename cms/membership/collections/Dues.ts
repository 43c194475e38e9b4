import type { CollectionConfig } from 'payload'
import { DUES_KINDS, TAX_TREATMENTS } from '#shared/membership'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { moneyField, textLinesField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { cardPaymentFields, moneyRecordFields, moneyStatusField, paymentMethodField, systemField } from '../../collections/moneyRecord'
import { keptFact, moneyHooks } from '../../payments/moneyRules'
import { duesFacts, settleMembership } from '../dues'

const hooks = moneyHooks('dues')

/**
 * Membership dues: the payment of a membership, a money record of the books like a donation or a
 * sponsorship (docs/decisions/017), built from the same parts (cms/collections/moneyRecord.ts) and ruled by the
 * same money rules, plus the membership's own (cms/membership/dues.ts). Paid by card through Stripe Checkout
 * (the webhook records it) or by check or cash (the Members tab records it); never deleted, voided with a
 * reason; refunded and voided like a gift. Admins only. A volunteer-hours buy-out is one too, of its own kind: a
 * participation fee of a household and season (its rules: cms/volunteers/buyOut.ts).
 */
export const Dues: CollectionConfig = {
  slug: 'dues',
  labels: { singular: 'Dues payment', plural: 'Dues payments' },
  typescript: { interface: 'DuesPayment' },
  // Written by the server alone: the webhook, and the Members tab's "record a payment" (POST /api/admin/memberships/:id/payment).
  access: { read: isAdmin, create: nobody, update: isAdmin, delete: nobody },
  admin: {
    group: GROUP.members,
    useAsTitle: 'payerName',
    defaultColumns: ['payerName', 'what', 'amount', 'status', 'paymentMethod', 'receivedAt'],
    listSearchableFields: ['payerName', 'payerEmail', 'reference', 'receiptNumber'],
    description: 'Membership dues paid. Card payments arrive from Stripe; checks and cash are recorded in the Members tab.',
  },
  disableDuplicate: true,
  defaultSort: '-createdAt',
  hooks: {
    ...hooks,
    beforeChange: [duesFacts, ...(hooks.beforeChange ?? [])],
    afterChange: [...(hooks.afterChange ?? []), settleMembership],
  },
  fields: [
    // What was paid for: a membership's dues, or volunteer hours a household bought out (docs/VOLUNTEERS.md "Buy-out").
    systemField({ name: 'kind', type: 'select', options: [...DUES_KINDS], defaultValue: 'membership', index: true }),
    systemField({ name: 'membership', type: 'relationship', relationTo: 'memberships', index: true }),
    systemField({ name: 'season', type: 'relationship', relationTo: 'seasons', index: true }),
    // A buy-out's household and the hours it bought (a membership's household is its membership's).
    systemField({ name: 'household', type: 'relationship', relationTo: 'households', index: true }),
    systemField({ name: 'hours', type: 'number', min: 0 }),
    // Who paid: Stripe's payer for a card, else the household's first adult who receives mail.
    systemField({ name: 'payerName', type: 'text', maxLength: 200 }),
    systemField({ name: 'payerEmail', type: 'text', maxLength: 254, index: true }),
    moneyField('amount', { required: true, ...keptFact('amount'), admin: { readOnly: true } }),
    // The level as it was when paid: what the receipt and statements print (docs/MEMBERSHIP.md "Receipts").
    systemField({ name: 'what', type: 'text', maxLength: 200, admin: { description: 'The season and level paid for.' } }),
    systemField({ name: 'taxTreatment', type: 'select', options: [...TAX_TREATMENTS] }),
    systemField(moneyField('goodsValue', { label: 'Value of member benefits' })),
    systemField(textLinesField('benefits', 'Member benefits', 'As the level listed them when paid.')),
    paymentMethodField(true),
    ...cardPaymentFields,
    moneyStatusField,
    ...moneyRecordFields,
  ],
}
