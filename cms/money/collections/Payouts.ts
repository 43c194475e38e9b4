import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { refuse } from '../../hooks/refuse'
import { moneyField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'

/** Facts of a payout that never change once recorded; only a paid payout's later failure is added to it. */
const RECORDED_FACTS = ['payoutId', 'amount', 'arrivalDay', 'arrivalAt', 'createdDay'] as const

/**
 * A payout's facts stay, on every path (the Local API included, which skips access): what was recorded
 * is never rewritten; lines are written once (a payout recorded before the key was set gets them when
 * Stripe sends it again); the status only moves from paid to failed (Stripe fails a payout after saying it was paid).
 */
const keepPayoutFacts: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || !originalDoc) return data
  for (const field of RECORDED_FACTS)
    if (field in data && data[field] !== originalDoc[field]) throw refuse(409, `A payout's ${field} never changes once recorded`)
  if ('lines' in data && Array.isArray(originalDoc.lines) && JSON.stringify(data.lines) !== JSON.stringify(originalDoc.lines))
    throw refuse(409, "A payout's lines never change once recorded")
  if ('status' in data && data.status !== originalDoc.status && !(originalDoc.status === 'paid' && data.status === 'failed'))
    throw refuse(409, 'A payout only moves from paid to failed')
  return data
}

/**
 * Stripe's payouts to the club's bank (docs/payments.md "Stripe payouts"), recorded by the webhook alone
 * (`payout.paid`, `payout.failed`) with the gifts, refunds and fees each carries when STRIPE_SECRET_KEY
 * is set: what the treasurer matches against the bank statement. Admins read them; nobody writes.
 */
export const Payouts: CollectionConfig = {
  slug: 'payouts',
  labels: { singular: 'Payout', plural: 'Payouts' },
  admin: {
    group: GROUP.fundraising,
    useAsTitle: 'payoutId',
    defaultColumns: ['arrivalDay', 'amount', 'status', 'payoutId'],
    description: "Stripe's deposits to the club's bank, with the gifts each carries. Recorded by Stripe only.",
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-arrivalDay',
  hooks: { beforeChange: [keepPayoutFacts] },
  fields: [
    { name: 'payoutId', type: 'text', required: true, unique: true, maxLength: 255 },
    { name: 'status', type: 'select', options: ['paid', 'failed'], required: true, index: true },
    // What reaches the bank: the sum of the lines' net amounts.
    moneyField('amount', { required: true }),
    // The club's day the bank receives it (Stripe's arrival_date), and the instant Stripe gave.
    { name: 'arrivalDay', type: 'text', required: true, maxLength: 10, index: true },
    { name: 'arrivalAt', type: 'date', required: true },
    { name: 'createdDay', type: 'text', maxLength: 10 },
    { name: 'failureMessage', type: 'text', maxLength: 500 },
    { name: 'failedAt', type: 'date' },
    // PayoutLine[] (cms/payments/stripeApi.ts); empty until read with STRIPE_SECRET_KEY (`linesRead`).
    { name: 'lines', type: 'json' },
    { name: 'linesRead', type: 'checkbox', defaultValue: false },
    // Stripe's `created` of the last event applied: an older event arriving late changes nothing.
    { name: 'stripeEventAt', type: 'date' },
  ],
}
