import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'

/** Editable site text: one record per section + key (e.g. hero/title). */
export const SiteContent: CollectionConfig = {
  slug: 'site-content',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  indexes: [{ fields: ['section', 'key'], unique: true }],
  fields: [
    { name: 'section', type: 'text', required: true, maxLength: 100 },
    { name: 'key', type: 'text', required: true, maxLength: 100 },
    { name: 'value', type: 'textarea', maxLength: 10_000 },
  ],
}
