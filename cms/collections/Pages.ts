import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { publishedOrStaff } from '../access/publishedOrStaff'
import { PAGE_SLUGS } from '#shared/pages'

/**
 * The footer's pages (privacy policy, terms, volunteering, joining the club).
 * A footer link opens `/{slug}` only once its page is published; until then it
 * stays the spec's dead link (e2e/editor.test.ts).
 */
export const Pages: CollectionConfig = {
  slug: 'pages',
  access: { read: publishedOrStaff, create: isStaff, update: isStaff, delete: isStaff },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug', 'published'] },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'slug', type: 'select', required: true, unique: true, options: [...PAGE_SLUGS] },
    { name: 'body', type: 'richText' },
    { name: 'published', type: 'checkbox', defaultValue: false, index: true },
  ],
}
