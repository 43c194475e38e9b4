import type { CollectionConfig } from 'payload'
import { isStaff } from '../../access/isStaff'
import { DATE_PATTERN } from '#shared/schemas'
import { GROUP } from '../../collections/groups'
import { historyField, updatedByField } from '../../collections/fields'

export const Games: CollectionConfig = {
  slug: 'games',
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff, readVersions: isStaff },
  // Undo: each save is kept (who and when in the audit log); Payload's Versions tab restores one.
  versions: { maxPerDoc: 25 },
  admin: {
    group: GROUP.website,
    useAsTitle: 'opponent',
    defaultColumns: ['opponent', 'gameDate', 'gameTime', 'location', 'isHome', 'cancelled'],
    listSearchableFields: ['opponent', 'location', 'note'],
    description: 'The schedule on the home page and in the calendar feed.',
  },
  defaultSort: 'gameDate',
  fields: [
    updatedByField,
    historyField,
    { name: 'opponent', type: 'text', required: true, maxLength: 255 },
    // A calendar date, not an instant: kept as YYYY-MM-DD so no time zone can move it.
    {
      name: 'gameDate',
      type: 'text',
      required: true,
      label: 'Date',
      index: true,
      admin: { description: 'As YYYY-MM-DD, for example 2026-01-16.' },
      validate: (value: unknown) => (typeof value === 'string' && DATE_PATTERN.test(value)) || 'Use YYYY-MM-DD',
    },
    { name: 'gameTime', label: 'Time', type: 'text', required: true, maxLength: 10, admin: { description: 'For example 7:00 PM.' } },
    { name: 'location', type: 'text', required: true, maxLength: 255 },
    { name: 'isHome', label: 'Home game', type: 'checkbox', defaultValue: true },
    {
      name: 'ourScore',
      label: 'Our score',
      type: 'number',
      min: 0,
      admin: { description: 'Fill in both scores once the game is played.' },
    },
    { name: 'opponentScore', label: 'Opponent score', type: 'number', min: 0 },
    // Shown with the game on the public site, e.g. "Free admission".
    { name: 'note', type: 'text', maxLength: 255, admin: { description: 'Shown with the game, for example “Free admission”.' } },
    // A cancelled game stays on the schedule, marked, and is CANCELLED in the calendar feed.
    {
      name: 'cancelled',
      label: 'Cancelled',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'Stays on the schedule, marked cancelled.' },
    },
  ],
}
