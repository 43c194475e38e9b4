import type { CollectionConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { GROUP } from '../../collections/groups'

/**
 * Hours an admin excused a household from in a season, with the reason (docs/VOLUNTEERS.md "Hours"): they count
 * beside the hours credited at check-in. Admins only, on every door.
 */
export const VolunteerExcusals: CollectionConfig = {
  slug: 'volunteer-excusals',
  labels: { singular: 'Hours excused', plural: 'Hours excused' },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin, readVersions: isAdmin },
  admin: {
    group: GROUP.volunteers,
    defaultColumns: ['household', 'season', 'hours', 'reason', 'createdAt'],
    description: 'Volunteer hours a family is excused from this season, and why.',
  },
  fields: [
    { name: 'household', type: 'relationship', relationTo: 'households', required: true, index: true },
    { name: 'season', type: 'relationship', relationTo: 'seasons', required: true, index: true },
    { name: 'hours', type: 'number', required: true, min: 0.25, max: 1000, admin: { step: 0.25 } },
    { name: 'reason', type: 'text', required: true, maxLength: 300 },
  ],
}
