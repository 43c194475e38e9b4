import type { Field } from 'payload'
import { MONEY_STATUSES, PAYMENT_METHODS, VOID_CATEGORIES } from '#shared/payments'
import { isCalendarDay } from '#shared/clubDay'
import { nobody } from '../access/nobody'
import { factsKept, keptFact } from '../payments/moneyRules'
import { moneyField } from './fields'

/** Set by the server alone (the webhook, the receipt sender, an approval): read-only to every person, on every path. */
export const systemField = <F extends Field>(field: F): F =>
  ({ ...field, access: { create: nobody, update: nobody }, admin: { ...field.admin, readOnly: true } }) as F

export const moneyStatusField: Field = {
  name: 'status',
  type: 'select',
  options: [...MONEY_STATUSES],
  required: true,
  defaultValue: 'pending',
  index: true,
  admin: { description: 'Moves only as the portal offers (pending → completed → refunded…); a refused move says why.' },
}

export const paymentMethodField = (required: boolean): Field => ({
  name: 'paymentMethod',
  type: 'select',
  options: [...PAYMENT_METHODS],
  required,
  ...keptFact('paymentMethod'),
  ...(required ? { defaultValue: 'stripe' } : {}),
})

/**
 * Fields shared by donations and sponsorships: how the money arrived, where it
 * stands and who touched it. Money records are never deleted (docs/payments.md);
 * `history` keeps every change with who made it and when (cms/payments/moneyRules.ts).
 */
export const moneyRecordFields: Field[] = [
  moneyField('refundedAmount', { admin: { description: 'With a partial refund: the total refunded so far.' } }),
  { name: 'reference', type: 'text', maxLength: 255 },
  // The club's calendar day of the gift (YYYY-MM-DD in CLUB_TIME_ZONE): of Stripe's payment instant for a card
  // gift, as typed for an offline one, the club's today when none is given (docs/payments.md "The club's day").
  {
    name: 'receivedAt',
    type: 'text',
    maxLength: 10,
    validate: (value: unknown) => value == null || value === '' || isCalendarDay(value) || 'Must be a day written YYYY-MM-DD',
    ...keptFact('receivedAt'),
    admin: { description: "The club's day the gift was received (YYYY-MM-DD)." },
  },
  // The instant Stripe says the card payment was made; empty for offline gifts.
  systemField({
    name: 'paidAt',
    type: 'date',
    hooks: { beforeValidate: [factsKept] },
    admin: { date: { pickerAppearance: 'dayAndTime' } },
  }),
  { name: 'notes', type: 'textarea', maxLength: 2000 },
  { name: 'voidReason', type: 'text', maxLength: 500, admin: { description: 'Required to void a record.' } },
  {
    name: 'voidCategory',
    type: 'select',
    options: [...VOID_CATEGORIES],
    admin: { description: "Why it was voided, as the donor's notice says it (with a receipt sent)." },
  },
  // The club's day of the last refund and of the void: given with the move that dates it (a check that bounced two
  // weeks ago), else the club's today; checked and set by cms/payments/moneyRules.ts, never changed afterwards.
  {
    name: 'refundedOn',
    type: 'text',
    maxLength: 10,
    admin: { readOnly: true, description: "The club's day of the last refund: given with the refund (YYYY-MM-DD), else today." },
  },
  {
    name: 'voidedOn',
    type: 'text',
    maxLength: 10,
    admin: { readOnly: true, description: "The club's day of the void: given with the void (YYYY-MM-DD), else today." },
  },
  // Each refund with its own day (cms/payments/refunds.ts): Stripe's from its refunds, the treasurer's as recorded.
  systemField({ name: 'refunds', type: 'json', admin: { components: { Field: '/fields/TextLines#JsonReadOnly' } } }),
  systemField({ name: 'receiptNumber', type: 'text', maxLength: 20 }),
  systemField({ name: 'history', type: 'json', admin: { components: { Field: '/fields/TextLines#JsonReadOnly' } } }),
]
