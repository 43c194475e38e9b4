import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { publishedOrStaff } from '../access/publishedOrStaff'
import { PAGE_SLUGS } from '#shared/pages'
import { GROUP } from './groups'

/**
 * The footer's pages (privacy policy, terms, volunteering, joining the club),
 * with Payload's drafts: an editor saves drafts, previews the latest one at
 * `/{slug}` while signed in (cms/site/pages.ts), and publishes when ready. A
 * footer link opens `/{slug}` only once its page is published; until then it
 * stays the spec's dead link and visitors get Page Not Found (e2e/admin-editor.test.ts).
 */
export const Pages: CollectionConfig = {
  slug: 'pages',
  access: { read: publishedOrStaff, create: isStaff, update: isStaff, delete: isStaff, readVersions: isStaff },
  // Undo and drafts: each save is kept (who and when in the audit log); Payload's Versions tab restores one.
  versions: { drafts: true, maxPerDoc: 25 },
  labels: { singular: 'Footer page', plural: 'Footer pages' },
  admin: {
    group: GROUP.website,
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', '_status', 'updatedAt'],
    listSearchableFields: ['title', 'slug'],
    description:
      'The pages linked in the footer (privacy policy, terms…). Save a draft and preview it at its address; visitors see a page once published.',
    // Payload's Preview button: the page's address, where signed-in staff see the latest draft.
    preview: (doc) => `/${String(doc.slug ?? '')}`,
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
  ],
}
