import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { GROUP } from './groups'

/** Receipt numbers, counted per year (2026-0001, 2026-0002, ...); one per donation or sponsorship. */
export const Receipts: CollectionConfig = {
  slug: 'receipts',
  admin: { group: GROUP.system, hidden: true, useAsTitle: 'number', defaultColumns: ['number', 'recordId', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  indexes: [{ fields: ['year', 'seq'], unique: true }],
  fields: [
    { name: 'number', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'year', type: 'number', required: true },
    { name: 'seq', type: 'number', required: true },
    { name: 'recordId', type: 'text', required: true, unique: true, maxLength: 100 },
  ],
}
