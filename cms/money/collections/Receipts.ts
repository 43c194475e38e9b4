import type { CollectionConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { GROUP } from '../../collections/groups'

/**
 * Receipt numbers, counted per year (2026-0001, 2026-0002, ...); one per donation or sponsorship, taken in
 * the gift's own transaction (cms/payments/receiptNumbers.ts). A voided gift's receipt stays, marked void
 * with the club's day of the void (cms/payments/moneyRules.ts).
 */
export const Receipts: CollectionConfig = {
  slug: 'receipts',
  admin: { group: GROUP.system, hidden: true, useAsTitle: 'number', defaultColumns: ['number', 'recordId', 'voidedOn', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  indexes: [{ fields: ['year', 'seq'], unique: true }],
  fields: [
    { name: 'number', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'year', type: 'number', required: true },
    { name: 'seq', type: 'number', required: true },
    { name: 'recordId', type: 'text', required: true, unique: true, maxLength: 100 },
    { name: 'voidedOn', type: 'text', maxLength: 10, label: 'Void since', admin: { description: 'Withdrawn: the gift was voided.' } },
  ],
}
