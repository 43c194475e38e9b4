import type { Access, CollectionConfig } from 'payload'
import { SIGNUP_STATUSES } from '#shared/volunteers'
import { isAdmin } from '../../access/isAdmin'
import { adminOnlyField, roleOf } from '../../access/roles'
import { GROUP } from '../../collections/groups'
import { systemField } from '../../collections/moneyRecord'
import { afterSignupChange, afterSignupDelete, beforeSignupDelete, signupRules } from '../signupRules'
import { SIGNUPS } from '../places'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Admins, and an event's coordinator for that event's sign-ups (the roster and the check-in). */
const adminOrCoordinator: Access = ({ req: { user } }) => {
  const role = roleOf(user)
  if (role === 'admin') return true
  return role === 'editor' ? { 'event.coordinator': { equals: user!.id } } : false
}

/** Who signed up is the admins' to change; a coordinator moves only the status (./signupRules.ts says which moves). */
const adminsChange = { update: adminOnlyField }

/**
 * An adult's sign-up for a shift (docs/VOLUNTEERS.md "Sign-ups"): their name, address and (optional) phone, the
 * household when a member signed up or the address is an adult's of one, and where they stand. Personal data:
 * admins and the event's coordinator read it, no one else on any door; the public signs up and manages their
 * own through /api/volunteer (a mailed link, stored hashed) or /member. One sign-up per address and shift.
 * Phones are deleted once the season ends (./tasks.ts).
 */
export const VolunteerSignups: CollectionConfig = {
  slug: SIGNUPS,
  labels: { singular: 'Sign-up', plural: 'Sign-ups' },
  access: { read: adminOrCoordinator, create: isAdmin, update: adminOrCoordinator, delete: isAdmin, readVersions: isAdmin },
  admin: {
    group: GROUP.volunteers,
    useAsTitle: 'name',
    defaultColumns: ['name', 'shift', 'status', 'hoursCredited', 'createdAt'],
    listSearchableFields: ['name', 'email'],
    description: 'Who signed up for which shift. A place freed goes to the waitlist; check-in credits the shift’s hours.',
  },
  disableDuplicate: true,
  defaultSort: 'createdAt',
  // One sign-up per address and shift, whatever arrives at once (both adapters make it a unique index).
  indexes: [{ fields: ['shift', 'email'], unique: true }],
  hooks: {
    beforeChange: [signupRules],
    afterChange: [afterSignupChange],
    beforeDelete: [beforeSignupDelete],
    afterDelete: [afterSignupDelete],
  },
  fields: [
    { name: 'shift', type: 'relationship', relationTo: 'volunteer-shifts', required: true, index: true, access: adminsChange },
    systemField({ name: 'event', type: 'relationship', relationTo: 'volunteer-events', index: true }),
    { name: 'name', type: 'text', required: true, maxLength: 100, access: adminsChange },
    {
      name: 'email',
      type: 'text',
      required: true,
      maxLength: 254,
      index: true,
      access: adminsChange,
      validate: (value: unknown) => (typeof value === 'string' && EMAIL.test(value.trim())) || 'Must be an email address',
    },
    { name: 'phone', type: 'text', maxLength: 40, access: adminsChange, admin: { description: 'Deleted once the season ends.' } },
    {
      name: 'household',
      type: 'relationship',
      relationTo: 'households',
      index: true,
      // Which family a volunteer belongs to (and so which players) is the admins' alone.
      access: { read: adminOnlyField, create: adminOnlyField, update: adminOnlyField },
      admin: { description: 'The family whose hours this counts for.' },
    },
    { name: 'status', type: 'select', options: [...SIGNUP_STATUSES], required: true, index: true },
    // An excuse's reason is the admins' (a coordinator only moves the status).
    { name: 'statusNote', type: 'text', maxLength: 300, access: adminsChange, admin: { description: 'Why (required to excuse).' } },
    {
      name: 'hoursCredited',
      type: 'number',
      min: 0,
      max: 24,
      access: adminsChange,
      admin: { step: 0.25, description: 'Set at check-in from the shift’s hours.' },
    },
    // When it last became confirmed: the reminders go to those confirmed before each reminder's time.
    systemField({ name: 'confirmedAt', type: 'date' }),
    systemField({ name: 'waitlistedAt', type: 'date', index: true }),
    systemField({ name: 'offerExpiresAt', type: 'date', index: true }),
    systemField({ name: 'checkedInAt', type: 'date' }),
    systemField({ name: 'cancelledAt', type: 'date' }),
    // Counts the times it took or asked for a place (a sign-up, a sign-up again after a cancel): each is mailed once.
    systemField({ name: 'placements', type: 'number', defaultValue: 0, admin: { hidden: true } }),
  ],
}
