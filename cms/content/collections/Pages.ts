import {
  BlockquoteFeature,
  BoldFeature,
  FixedToolbarFeature,
  HeadingFeature,
  HorizontalRuleFeature,
  InlineToolbarFeature,
  ItalicFeature,
  LinkFeature,
  OrderedListFeature,
  ParagraphFeature,
  StrikethroughFeature,
  UnderlineFeature,
  UnorderedListFeature,
  UploadFeature,
  lexicalEditor,
} from '@payloadcms/richtext-lexical'
import type { CollectionConfig } from 'payload'
import { isStaff } from '../../access/isStaff'
import { publishedOrStaff } from '../../access/publishedOrStaff'
import { PAGE_SLUGS } from '#shared/pages'
import { GROUP } from '../../collections/groups'
import { historyField, updatedByField } from '../../collections/fields'

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
    updatedByField,
    historyField,
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
    { name: 'body', label: 'Text', type: 'richText', editor: volunteerEditor() },
  ],
}

/**
 * The footer page's editor: a toolbar always in view (a volunteer should not need to know the "/" menu), and only what
 * the public page renders (cms/site/richText.ts): headings from h2 (the page's title is its h1), bold, italic,
 * underline, strikethrough, lists, quotes, a line, links to web addresses and photos from Photos and logos. Left out:
 * links to records and Relationship blocks (the public page cannot render them), checklists, indent and alignment
 * (the sanitizer drops their styles).
 */
function volunteerEditor() {
  return lexicalEditor({
    features: [
      ParagraphFeature(),
      HeadingFeature({ enabledHeadingSizes: ['h2', 'h3', 'h4'] }),
      BoldFeature(),
      ItalicFeature(),
      UnderlineFeature(),
      StrikethroughFeature(),
      UnorderedListFeature(),
      OrderedListFeature(),
      LinkFeature({
        enabledCollections: [],
        // With no records to link to, "Link type" offers one choice: a web address. Only the text and the address remain.
        fields: ({ defaultFields }) => defaultFields.filter((field) => field.name !== 'linkType'),
      }),
      BlockquoteFeature(),
      HorizontalRuleFeature(),
      UploadFeature(),
      FixedToolbarFeature(),
      InlineToolbarFeature(),
    ],
  })
}
