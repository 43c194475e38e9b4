import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { DATE_PATTERN } from '#shared/schemas'

export const Games: CollectionConfig = {
  slug: 'games',
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff },
  fields: [
    { name: 'opponent', type: 'text', required: true, maxLength: 255 },
    // A calendar date, not an instant: kept as YYYY-MM-DD so no time zone can move it.
    {
      name: 'gameDate',
      type: 'text',
      required: true,
      index: true,
      validate: (value: unknown) => (typeof value === 'string' && DATE_PATTERN.test(value)) || 'Use YYYY-MM-DD',
    },
    { name: 'gameTime', type: 'text', required: true, maxLength: 10 },
    { name: 'location', type: 'text', required: true, maxLength: 255 },
    { name: 'isHome', type: 'checkbox', defaultValue: true },
    { name: 'ourScore', type: 'number', min: 0 },
    { name: 'opponentScore', type: 'number', min: 0 },
    // Shown with the game on the public site, e.g. "Free admission".
    { name: 'note', type: 'text', maxLength: 255 },
    // A cancelled game stays on the schedule, marked, and is CANCELLED in the calendar feed.
    { name: 'cancelled', type: 'checkbox', defaultValue: false },
  ],
}
