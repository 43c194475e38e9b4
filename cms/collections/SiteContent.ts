import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { urlFromUpload } from '../hooks/urlFromUpload'
import { uploadField } from './fields'

/** Editable site text: one record per section + key (e.g. hero/title). */
export const SiteContent: CollectionConfig = {
  slug: 'site-content',
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff },
  // A photo entry (the coach's photo) can take an upload; its value becomes the photo's URL.
  hooks: { beforeChange: [urlFromUpload('image', 'value', 'thumbnail')] },
  indexes: [{ fields: ['section', 'key'], unique: true }],
  fields: [
    { name: 'section', type: 'text', required: true, maxLength: 100 },
    { name: 'key', type: 'text', required: true, maxLength: 100 },
    { name: 'value', type: 'textarea', maxLength: 10_000 },
    uploadField('image', 'Upload the photo here; the value above is then filled in with its URL.', (data) =>
      /photo/i.test(String(data.key ?? '')),
    ),
  ],
}
