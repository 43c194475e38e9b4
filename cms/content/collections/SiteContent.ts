import {
  Forbidden,
  type Access,
  type CollectionBeforeChangeHook,
  type CollectionBeforeDeleteHook,
  type CollectionConfig,
  type PayloadRequest,
  type TextareaFieldValidation,
} from 'payload'
import { textarea } from 'payload/shared'
import { ADMIN_ONLY_SECTIONS, ADMIN_WRITE_SECTIONS, isUrlText, siteTextLabel } from '#shared/siteContent'
import { isStaff } from '../../access/isStaff'
import { roleOf } from '../../access/roles'
import { refuse } from '../../hooks/refuse'
import { urlFromUpload } from '../../hooks/urlFromUpload'
import { historyField, updatedByField, uploadField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'

/** The readable title is written on every save, so lists and searches never show an id. */
const withLabel: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const section = String(data.section ?? originalDoc?.section ?? '')
  const key = String(data.key ?? originalDoc?.key ?? '')
  return { ...data, label: siteTextLabel(section, key) }
}

/**
 * The club's legal name, EIN and mailing address (what receipts certify) are the admins' alone: an editor
 * neither reads nor writes them, on any path (docs/roles.md).
 */
const staffButOrganizationAdminsOnly: Access = ({ req }) => {
  const role = roleOf(req.user)
  if (role === 'admin') return true
  return role === 'editor' ? { section: { not_in: [...ADMIN_ONLY_SECTIONS] } } : false
}

/** The same for the saved versions, whose fields sit under `version`. */
const versionsStaffButOrganizationAdminsOnly: Access = ({ req }) => {
  const role = roleOf(req.user)
  if (role === 'admin') return true
  return role === 'editor' ? { 'version.section': { not_in: [...ADMIN_ONLY_SECTIONS] } } : false
}

/** A create (or a move into the section) by an editor, which the access above cannot see. */
const organizationByAdminsOnly: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  const section = String(data.section ?? originalDoc?.section ?? '')
  if (roleOf(req.user) === 'editor' && ADMIN_ONLY_SECTIONS.includes(section)) throw new Forbidden(req.t)
  return data
}

/**
 * The money settings among the texts (where /donate sends donors): an editor reads them and is told why a change,
 * a move into or out of the section, a restore or a delete is refused, on every path.
 */
function refusalFor(req: PayloadRequest, ...sections: unknown[]): string | undefined {
  if (roleOf(req.user) !== 'editor') return undefined
  const section = sections.map(String).find((name) => Object.hasOwn(ADMIN_WRITE_SECTIONS, name))
  return section === undefined ? undefined : ADMIN_WRITE_SECTIONS[section]
}
const moneySettingsByAdminsOnly: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  const refusal = refusalFor(req, data.section, originalDoc?.section)
  if (refusal) throw refuse(403, refusal)
  return data
}
const moneySettingsDeletedByAdminsOnly: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const doc = await req.payload.findByID({ collection: 'site-content', id, depth: 0, overrideAccess: true, req, disableErrors: true })
  const refusal = refusalFor(req, doc?.section)
  if (refusal) throw refuse(403, refusal)
}

/** A link's text (social profiles, the giving platform) is opened by visitors: only an http(s) address. */
const linkOnlyWhereALink: TextareaFieldValidation = (value, options) => {
  const doc = { ...options.data, ...options.siblingData } as { section?: unknown; key?: unknown }
  const link = value?.trim()
  if (link && isUrlText(String(doc.section ?? ''), String(doc.key ?? ''))) {
    if (!/^https?:\/\/\S+$/i.test(link) || !URL.canParse(link)) return 'Enter a full web address starting with https://'
  }
  return textarea(value, options)
}

/** Editable site text: one record per section + key (e.g. hero/title). */
export const SiteContent: CollectionConfig = {
  slug: 'site-content',
  labels: { singular: 'Site text', plural: 'Site texts' },
  access: {
    read: staffButOrganizationAdminsOnly,
    create: isStaff,
    update: staffButOrganizationAdminsOnly,
    delete: staffButOrganizationAdminsOnly,
    readVersions: versionsStaffButOrganizationAdminsOnly,
  },
  // Undo: each save is kept (who and when in the audit log); Payload's Versions tab restores one.
  versions: { maxPerDoc: 25 },
  admin: {
    group: GROUP.website,
    useAsTitle: 'label',
    defaultColumns: ['label', 'value', 'updatedAt'],
    listSearchableFields: ['label', 'value', 'section', 'key'],
    description: 'The home page’s texts and the coach’s photo. Easiest to edit in the portal’s Content tab.',
  },
  defaultSort: 'label',
  // A photo entry (the coach's photo) can take an upload; its value becomes the photo's URL.
  hooks: {
    beforeChange: [organizationByAdminsOnly, moneySettingsByAdminsOnly, urlFromUpload('image', 'value', 'thumbnail'), withLabel],
    beforeDelete: [moneySettingsDeletedByAdminsOnly],
  },
  indexes: [{ fields: ['section', 'key'], unique: true }],
  fields: [
    updatedByField,
    historyField,
    // "Create New": pick the text by name instead of typing its section and key (nothing stored).
    { name: 'pickText', type: 'ui', admin: { components: { Field: '/fields/SiteTextPicker#SiteTextPicker' } } },
    {
      name: 'label',
      label: 'Name',
      type: 'text',
      maxLength: 250,
      admin: { readOnly: true, description: 'Where on the site this text appears; set from the section and key.' },
    },
    {
      name: 'section',
      type: 'text',
      required: true,
      maxLength: 100,
      admin: { description: 'The part of the home page, for example hero, about or coach.' },
    },
    { name: 'key', type: 'text', required: true, maxLength: 100, admin: { description: 'Which text of that part, for example title.' } },
    {
      name: 'value',
      label: 'Text',
      type: 'textarea',
      maxLength: 10_000,
      // Kept as typed, empty too (the built-in text then shows): the content API answers a text as it was sent.
      custom: { emptyIsText: true },
      // A link's text (social profiles, the giving platform) is opened by visitors: only an http(s) address.
      validate: linkOnlyWhereALink,
      // Read-only in Payload's editor for an editor on a money setting (moneySettingsByAdminsOnly refuses the change).
      access: { update: ({ req, doc }) => !refusalFor(req, doc?.section) },
    },
    // Why that box is read-only, in words (cms/admin/fields/AdminsOnlyNote.tsx).
    { name: 'adminsOnly', type: 'ui', admin: { components: { Field: '/fields/AdminsOnlyNote#AdminsOnlyNote' } } },
    uploadField('image', 'Upload the photo here; the text above is then filled in with its URL.', (data) =>
      /photo/i.test(String(data.key ?? '')),
    ),
  ],
}
