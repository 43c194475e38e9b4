import type { CollectionConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { moneyField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'

/**
 * A monthly gift: one Stripe subscription, written only by the webhook (cms/payments/webhook.ts).
 * Each paid invoice is a donation linked to it by `stripeSubscriptionId`; Stripe's
 * `customer.subscription.deleted` marks it cancelled (docs/payments.md "Monthly gifts").
 */
export const MonthlyGifts: CollectionConfig = {
  slug: 'monthly-gifts',
  labels: { singular: 'Monthly gift', plural: 'Monthly gifts' },
  admin: {
    group: GROUP.fundraising,
    useAsTitle: 'donorEmail',
    defaultColumns: ['donorName', 'donorEmail', 'amount', 'status', 'createdAt'],
    description: 'Monthly card gifts (Stripe subscriptions); each paid month is also a donation. Changed only by Stripe.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'subscriptionId', type: 'text', required: true, unique: true, maxLength: 255 },
    { name: 'customerId', type: 'text', maxLength: 255 },
    { name: 'donorName', type: 'text', maxLength: 200 },
    { name: 'donorEmail', type: 'text', maxLength: 254 },
    // The latest paid month's amount.
    moneyField('amount'),
    { name: 'status', type: 'select', options: ['active', 'cancelled'], required: true, defaultValue: 'active' },
    { name: 'cancelledAt', type: 'text', maxLength: 30 },
    // Stripe's `created` of the last event applied: an older event arriving late changes nothing (cms/payments/webhook.ts).
    { name: 'stripeEventAt', type: 'date' },
  ],
}
