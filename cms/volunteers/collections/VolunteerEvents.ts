import type { Access, CollectionConfig } from 'payload'
import { isCalendarDay } from '#shared/clubDay'
import { EVENT_STATUSES } from '#shared/volunteers'
import { isAdmin } from '../../access/isAdmin'
import { roleOf } from '../../access/roles'
import { GROUP } from '../../collections/groups'
import { publicContentChanged } from '../../collections/publicChanges'
import { eventFromGame, eventKeptWhileSignedUp, tellShiftsOfEventChange } from '../eventRules'
import { EVENTS } from '../places'

/** Staff read every event; anyone else the open ones (their shifts are on /volunteer). */
const openOrStaff: Access = ({ req: { user } }) => (roleOf(user) ? true : { status: { equals: 'open' } })

/**
 * A day the club needs volunteers (docs/VOLUNTEERS.md "Events"): a home game's gate and concession stand, a
 * tournament, a banquet. Made by an admin, from a home game in one action (the portal's Volunteers tab) or by
 * hand; open events are listed on /volunteer with their shifts, and the footer's "Volunteer Information" leads
 * there while one is open. The coordinator (an editor or an admin) reads its roster and checks people in.
 */
export const VolunteerEvents: CollectionConfig = {
  slug: EVENTS,
  access: { read: openOrStaff, create: isAdmin, update: isAdmin, delete: isAdmin, readVersions: isAdmin },
  admin: {
    group: GROUP.volunteers,
    useAsTitle: 'title',
    defaultColumns: ['title', 'day', 'place', 'status', 'coordinator'],
    description: 'Days the club needs volunteers. Open ones are listed on /volunteer with their shifts.',
  },
  defaultSort: 'day',
  hooks: {
    beforeValidate: [eventFromGame],
    beforeDelete: [eventKeptWhileSignedUp],
    afterChange: [tellShiftsOfEventChange, publicContentChanged],
    afterDelete: [publicContentChanged],
  },
  fields: [
    {
      name: 'title',
      type: 'text',
      required: true,
      maxLength: 120,
      admin: { description: 'As families read it: “Home game vs Riverside”.' },
    },
    {
      name: 'day',
      type: 'text',
      required: true,
      maxLength: 10,
      index: true,
      validate: (value: unknown) => isCalendarDay(value) || 'Must be a day written YYYY-MM-DD',
      admin: { description: 'The club day of the event (YYYY-MM-DD).' },
    },
    { name: 'place', type: 'text', required: true, maxLength: 200 },
    {
      name: 'game',
      type: 'relationship',
      relationTo: 'games',
      index: true,
      admin: { description: 'The home game it serves: a game moved moves its shifts, a game cancelled cancels them.' },
    },
    {
      name: 'coordinator',
      type: 'relationship',
      relationTo: 'admin-users',
      index: true,
      // Which account runs the event is the staff's business.
      access: { read: ({ req: { user } }) => roleOf(user) !== null },
      admin: { description: 'Reads the roster and checks volunteers in on the day; gets the day-after note.' },
    },
    { name: 'status', type: 'select', options: [...EVENT_STATUSES], required: true, defaultValue: 'draft', index: true },
    {
      name: 'cancelCutoffHours',
      type: 'number',
      min: 0,
      max: 336,
      defaultValue: 24,
      admin: { description: 'Hours before a shift after which a cancel is kept as “cancelled late”.' },
    },
  ],
}
