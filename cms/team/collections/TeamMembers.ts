import type { CollectionAfterChangeHook, CollectionConfig } from 'payload'
import { isStaff } from '../../access/isStaff'
import { historyField, photoFields, textFlagField, updatedByField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { urlFromUpload } from '../../hooks/urlFromUpload'
import { syncPlayerPhotoAlts } from '../rosterPrivacy'

/** Her photo's alt text names her as the roster does (shared/roster.ts), whichever door saved her. */
const photoAltFollowsName: CollectionAfterChangeHook = async ({ doc, req }) => {
  await syncPlayerPhotoAlts(req.payload, [doc], req)
  return doc
}

/** Players. The admin API calls `number` jerseyNumber (docs/PRODUCT.md, Records). */
export const TeamMembers: CollectionConfig = {
  slug: 'team-members',
  labels: { singular: 'Player', plural: 'Players' },
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff, readVersions: isStaff },
  // Undo: each save is kept (who and when in the audit log); Payload's Versions tab restores one.
  versions: { maxPerDoc: 25 },
  admin: {
    group: GROUP.website,
    useAsTitle: 'name',
    defaultColumns: ['name', 'number', 'position', 'grade', 'isActive', 'displayOrder'],
    listSearchableFields: ['name', 'position', 'grade'],
    description: 'The roster on the home page (#team), in the order below.',
  },
  defaultSort: 'displayOrder',
  hooks: { beforeChange: [urlFromUpload('image', 'imageUrl', 'card')], afterChange: [photoAltFollowsName] },
  fields: [
    updatedByField,
    historyField,
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    { name: 'number', label: 'Jersey number', type: 'number', required: true, min: 0, max: 99 },
    { name: 'position', type: 'text', required: true, maxLength: 50, admin: { description: 'For example Guard, Forward or Center.' } },
    { name: 'grade', type: 'text', required: true, maxLength: 20, admin: { description: 'For example 9, 10, 11 or 12.' } },
    { name: 'height', type: 'text', maxLength: 20, admin: { description: 'Optional, for example 5\'8".' } },
    ...photoFields,
    // What a visitor sees of her now, in words, from the switches below and Roster privacy (cms/team/fields/PlayerPublicView.tsx).
    { name: 'publicView', type: 'ui', admin: { components: { Field: '/../team/fields/PlayerPublicView#PlayerPublicView' } } },
    // Consent switches for minors (shared/roster.ts): unticking hides, whatever the club-wide Roster privacy says.
    {
      name: 'showPhoto',
      label: 'Show photo',
      type: 'checkbox',
      admin: {
        description:
          'Tick once the family agrees; untick and save to hide it: the photo then never leaves the server. Never set: Roster privacy decides.',
      },
    },
    {
      name: 'showFullName',
      label: 'Show full name',
      type: 'checkbox',
      admin: { description: 'Untick and save to show first name and last initial (Maya D.). Never set: Roster privacy decides.' },
    },
    { name: 'bio', label: 'Bio', type: 'textarea', maxLength: 2000 },
    textFlagField('isActive', 'On the roster', 'Untick to take the player off the public roster without deleting her.'),
    {
      name: 'displayOrder',
      label: 'Order on the roster',
      type: 'number',
      defaultValue: 0,
      min: 0,
      admin: { description: 'Smaller numbers come first.' },
    },
  ],
}
