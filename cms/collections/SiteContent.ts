import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'

/** Editable site text: one record per section + key (e.g. hero/title). */
export const SiteContent: CollectionConfig = {
  slug: 'site-content',
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff },
  indexes: [{ fields: ['section', 'key'], unique: true }],
  fields: [
    { name: 'section', type: 'text', required: true, maxLength: 100 },
    { name: 'key', type: 'text', required: true, maxLength: 100 },
    { name: 'value', type: 'textarea', maxLength: 10_000 },
  ],
}
