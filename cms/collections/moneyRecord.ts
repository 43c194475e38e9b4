import type { Field } from 'payload'
import { moneyField } from './fields'

/**
 * Fields shared by donations and sponsorships: how the money arrived, where it
 * stands and who touched it. Money records are never deleted (docs/payments.md);
 * `history` keeps every change with who made it and when.
 */
export const moneyRecordFields: Field[] = [
  moneyField('refundedAmount'),
  { name: 'reference', type: 'text', maxLength: 255 },
  { name: 'receivedAt', type: 'text', maxLength: 10 },
  { name: 'notes', type: 'textarea', maxLength: 2000 },
  { name: 'voidReason', type: 'text', maxLength: 500 },
  { name: 'receiptNumber', type: 'text', maxLength: 20 },
  { name: 'history', type: 'json' },
]
