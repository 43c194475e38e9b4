import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { publishedOrStaff } from '../access/publishedOrStaff'
import { PAGE_SLUGS } from '#shared/pages'
import { GROUP } from './groups'

/**
 * The footer's pages (privacy policy, terms, volunteering, joining the club).
 * A footer link opens `/{slug}` only once its page is published; until then it
 * stays the spec's dead link (cms/admin/admin.api.test.ts › shows a footer page at /{slug} only once published).
 */
export const Pages: CollectionConfig = {
  slug: 'pages',
  access: { read: publishedOrStaff, create: isStaff, update: isStaff, delete: isStaff, readVersions: isStaff },
  // Undo: each save is kept (who and when in the audit log); Payload's Versions tab restores one.
  versions: { maxPerDoc: 25 },
  labels: { singular: 'Footer page', plural: 'Footer pages' },
  admin: {
    group: GROUP.website,
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', 'published', 'updatedAt'],
    listSearchableFields: ['title', 'slug'],
    description: 'The pages linked in the footer (privacy policy, terms…); each shows at its address once published.',
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    {
      name: 'slug',
      label: 'Address',
      type: 'select',
      required: true,
      unique: true,
      options: [...PAGE_SLUGS],
      admin: { description: 'The page opens at /address, from its footer link.' },
    },
    { name: 'body', label: 'Text', type: 'richText' },
    {
      name: 'published',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { description: 'Until ticked, the footer link stays inactive and the address shows Page Not Found.' },
    },
  ],
}
