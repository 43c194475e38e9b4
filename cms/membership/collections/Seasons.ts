import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig, Field } from 'payload'
import { isCalendarDay } from '#shared/clubDay'
import { isAdmin } from '../../access/isAdmin'
import { refuse } from '../../hooks/refuse'
import { GROUP } from '../../collections/groups'
import { publicContentChanged } from '../../collections/publicChanges'

const clubDay = (name: string, description: string): Field => ({
  name,
  type: 'text',
  required: true,
  maxLength: 10,
  index: true,
  validate: (value: unknown) => isCalendarDay(value) || 'Must be a day written YYYY-MM-DD',
  admin: { description },
})

/** The days follow each other: renewal opens, its deadline, the season's end; the season starts before it ends. */
const daysInOrder: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const day = (name: string) => String(data[name] ?? originalDoc?.[name] ?? '')
  const [startsOn, endsOn, opens, deadline] = ['startsOn', 'endsOn', 'renewalOpensOn', 'renewalDeadline'].map(day)
  if (!startsOn || !endsOn || !opens || !deadline) return data
  if (startsOn > endsOn) throw refuse(400, 'endsOn: The season must end on or after the day it starts')
  if (opens > deadline) throw refuse(400, 'renewalDeadline: The renewal deadline must be on or after the day renewal opens')
  if (deadline > endsOn) throw refuse(400, 'renewalDeadline: The renewal deadline must be on or before the day the season ends')
  return data
}

/** A season with levels or memberships stays: its memberships, receipts and renewals name it. */
const keptWhileUsed: CollectionBeforeDeleteHook = async ({ id, req }) => {
  for (const collection of ['membership-levels', 'memberships'] as const) {
    const { totalDocs } = await req.payload.count({ collection, where: { season: { equals: id } }, req, overrideAccess: true })
    if (totalDocs > 0) throw refuse(409, `This season has ${collection === 'memberships' ? 'memberships' : 'levels'} and cannot be deleted`)
  }
}

/**
 * A season of memberships ("2026–27"), all its days club days (docs/MEMBERSHIP.md "Seasons"): families may
 * join from its start or from the day renewal opens, whichever is first, to its end; renewal reminders go
 * out when renewal opens and 30 and 7 days before its deadline; a membership not paid by the deadline plus
 * the grace days, and every membership once the season has ended, reads lapsed. Admins only. The volunteers'
 * hours required per household live here too (the season is the families' year).
 */
export const Seasons: CollectionConfig = {
  slug: 'seasons',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: {
    group: GROUP.members,
    useAsTitle: 'label',
    defaultColumns: ['label', 'startsOn', 'endsOn', 'renewalDeadline'],
    description: 'A season of memberships. Families may join once it starts or renewal opens; its levels say what they pay.',
  },
  defaultSort: '-startsOn',
  hooks: {
    beforeChange: [daysInOrder],
    beforeDelete: [keptWhileUsed],
    afterChange: [publicContentChanged],
    afterDelete: [publicContentChanged],
  },
  fields: [
    { name: 'label', type: 'text', required: true, unique: true, maxLength: 40, admin: { description: 'As families read it: “2026–27”.' } },
    clubDay('startsOn', 'The first day of the season (YYYY-MM-DD).'),
    clubDay('endsOn', 'The last day of the season: memberships lapse the day after.'),
    clubDay('renewalOpensOn', 'Renewal reminders go out this day; families may join from it (or from the start, if earlier).'),
    clubDay('renewalDeadline', 'Reminders go out 30 and 7 days before it; unpaid memberships lapse after it plus the grace days.'),
    {
      name: 'graceDays',
      type: 'number',
      min: 0,
      max: 365,
      defaultValue: 14,
      admin: { description: 'Days after the deadline before an unpaid membership lapses.' },
    },
    {
      name: 'refundDays',
      type: 'number',
      min: 0,
      max: 365,
      defaultValue: 7,
      admin: { description: 'The refund rule /join states: dues are refunded on request within this many days of paying.' },
    },
    {
      name: 'volunteerHours',
      type: 'group',
      admin: { description: 'What each household owes in volunteer hours this season (read by the volunteers’ shifts).' },
      fields: [
        { name: 'perHousehold', type: 'number', min: 0, max: 1000, defaultValue: 0 },
        { name: 'perAdditionalAthlete', type: 'number', min: 0, max: 1000, defaultValue: 0 },
      ],
    },
    { name: 'notes', type: 'textarea', maxLength: 2000 },
  ],
}
