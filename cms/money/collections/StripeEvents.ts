import type { CollectionConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { moneyField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'

/** Every Stripe event handled, once: the unique event id makes a replay a no-op (cms/payments/webhook.ts). */
export const StripeEvents: CollectionConfig = {
  slug: 'stripe-events',
  admin: { group: GROUP.system, hidden: true, useAsTitle: 'eventId', defaultColumns: ['eventId', 'type', 'objectId', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'eventId', type: 'text', required: true, unique: true, maxLength: 255 },
    { name: 'type', type: 'text', required: true, maxLength: 100 },
    { name: 'objectId', type: 'text', maxLength: 255 },
    // An invoice payment (invoice_payment.paid): the invoice and the payment intent that paid it, so a refund of a
    // monthly payment finds its donation whichever event came first.
    { name: 'invoiceId', type: 'text', maxLength: 255, index: true },
    { name: 'paymentIntentId', type: 'text', maxLength: 255 },
    // A refund (or lost dispute) Stripe sent for a payment not recorded yet: acknowledged, listed for the treasurer, and
    // applied with its own day once the payment is recorded (cms/payments/stripeRefunds.ts), which marks it matched.
    moneyField('unmatchedRefund'),
    { name: 'unmatchedPayment', type: 'text', maxLength: 255, index: true },
    { name: 'waitingRefund', type: 'json' },
    { name: 'matchedTo', type: 'text', maxLength: 100 },
    { name: 'matchedAt', type: 'date' },
  ],
}
