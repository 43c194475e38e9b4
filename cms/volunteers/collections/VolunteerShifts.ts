import type { Access, CollectionConfig, Field } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { roleOf } from '../../access/roles'
import { GROUP } from '../../collections/groups'
import { systemField } from '../../collections/moneyRecord'
import { env } from '../../env'
import { afterShiftChange, shiftKeptWhileSignedUp, shiftRules } from '../shiftRules'
import { SHIFTS } from '../places'

/** Staff read every shift; anyone else the shifts of open events. */
const ofOpenEventOrStaff: Access = ({ req: { user } }) => (roleOf(user) ? true : { 'event.status': { equals: 'open' } })

/** An instant, entered and shown on the club's clock in Payload's editor (CLUB_TIME_ZONE). */
const clubInstant = (name: string, label: string): Field => ({
  name,
  label,
  type: 'date',
  required: true,
  index: true,
  timezone: {
    defaultTimezone: env.CLUB_TIME_ZONE,
    supportedTimezones: [{ label: env.CLUB_TIME_ZONE, value: env.CLUB_TIME_ZONE }],
    // Which zone Payload's editor shows it in: always the club's, so kept as text, not a choice (whatever the setting).
    override: ({ baseField }) => ({
      name: baseField.name,
      type: 'text',
      defaultValue: env.CLUB_TIME_ZONE,
      maxLength: 64,
      admin: { hidden: true },
    }),
  },
  admin: { date: { pickerAppearance: 'dayAndTime', displayFormat: 'EEE MMM d, yyyy h:mm a' } },
})

/**
 * One job at an event (docs/VOLUNTEERS.md "Shifts"): gate 6–8 PM, four places. Start and end are instants,
 * entered and shown on the club's clock. Never more confirmed sign-ups than places, whatever arrives at once
 * (./places.ts); a change of time or a cancel is mailed to everyone on it with a new calendar entry; a place
 * freed goes to the waitlist. Admins change shifts; the counts are the server's.
 */
export const VolunteerShifts: CollectionConfig = {
  slug: SHIFTS,
  access: { read: ofOpenEventOrStaff, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: {
    group: GROUP.volunteers,
    useAsTitle: 'role',
    defaultColumns: ['role', 'event', 'startsAt', 'capacity', 'held', 'waiting', 'cancelled'],
    description: 'Jobs at an event, with their places. A time changed or a shift cancelled is mailed to everyone on it.',
  },
  defaultSort: 'startsAt',
  hooks: { beforeChange: [shiftRules], afterChange: [afterShiftChange], beforeDelete: [shiftKeptWhileSignedUp] },
  fields: [
    { name: 'event', type: 'relationship', relationTo: 'volunteer-events', required: true, index: true },
    { name: 'role', type: 'text', required: true, maxLength: 80, admin: { description: 'The job: “Gate”, “Concession stand”.' } },
    clubInstant('startsAt', 'Starts'),
    clubInstant('endsAt', 'Ends'),
    { name: 'capacity', type: 'number', required: true, min: 1, max: 500, admin: { step: 1, description: 'Places.' } },
    {
      name: 'waitlistSize',
      type: 'number',
      min: 0,
      max: 500,
      defaultValue: 10,
      admin: { step: 1, description: 'Places on the waitlist once the shift is full (0: no waitlist).' },
    },
    {
      name: 'hours',
      type: 'number',
      min: 0,
      max: 24,
      admin: { step: 0.25, description: 'Hours credited to a volunteer checked in (default: the shift’s length).' },
    },
    { name: 'instructions', type: 'textarea', maxLength: 2000, admin: { description: 'What to bring, where to go.' } },
    { name: 'cancelled', type: 'checkbox', defaultValue: false, admin: { description: 'Everyone on it is told.' } },
    systemField({
      name: 'closedAt',
      type: 'date',
      admin: { description: 'When the coordinator closed it: who was not checked in is a no-show.' },
    }),
    systemField({ name: 'held', type: 'number', defaultValue: 0, admin: { description: 'Places taken.' } }),
    systemField({ name: 'waiting', type: 'number', defaultValue: 0, admin: { description: 'On the waitlist.' } }),
    // Counts the changes volunteers are told of (time, place, cancel): each is mailed once.
    systemField({ name: 'revision', type: 'number', defaultValue: 0, admin: { hidden: true } }),
  ],
}
