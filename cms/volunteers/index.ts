import type { Domain } from '../domains'
import { volunteerAdminApi } from './adminApi'
import { volunteerApi } from './api'
import { VolunteerEvents } from './collections/VolunteerEvents'
import { VolunteerExcusals } from './collections/VolunteerExcusals'
import { VolunteerLinks } from './collections/VolunteerLinks'
import { VolunteerShifts } from './collections/VolunteerShifts'
import { VolunteerSignups } from './collections/VolunteerSignups'
import { followGame } from './games'
import { VolunteerSettings } from './globals/VolunteerSettings'
import { volunteerEmails } from './mail'
import { seedVolunteers } from './seed'
import { dayAfter, remindAndOffer } from './tasks'

/**
 * Volunteers (docs/VOLUNTEERS.md): events and their shifts, sign-ups that never overbook, reminders, check-in on
 * the day and each family's hours. What the root takes from this domain, in one object (cms/domains.ts); nothing
 * outside this folder imports anything else of it. It reaches the memberships' seasons and households, and the
 * team's games, through Payload by slug, and the signed-in member through cms/auth/memberLinks.ts.
 */
export const volunteers: Domain = {
  name: 'volunteers',
  collections: [VolunteerEvents, VolunteerShifts, VolunteerSignups, VolunteerExcusals, VolunteerLinks],
  globals: [VolunteerSettings],
  api: volunteerApi,
  adminApi: volunteerAdminApi,
  emails: volunteerEmails,
  tasks: [
    { name: 'volunteer-reminders', everyMs: 60_000, run: remindAndOffer },
    { name: 'volunteer-day-after', everyMs: 60 * 60_000, run: dayAfter },
  ],
  seed: seedVolunteers,
  reactions: { games: { afterChange: [followGame] } },
}
