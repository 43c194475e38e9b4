import type { Domain } from '../domain'
import { volunteerAdminApi } from './adminApi'
import { volunteerApi } from './api'
import { anyEventOpen } from './listing'
import { volunteerEmails } from './mail'
import { volunteersModel } from './model'
import { memberSection, volunteerPages } from './pages'
import { seedVolunteers } from './seed'
import { dayAfter, remindAndOffer } from './tasks'

/**
 * Volunteers (docs/VOLUNTEERS.md): events and their shifts, sign-ups that never overbook, reminders, check-in on
 * the day and each family's hours. What the root takes from this domain, in one object (cms/domains.ts); nothing
 * outside this folder imports anything else of it but its model (./model.ts, payload.config.ts's). It reaches the
 * memberships' seasons and households, and the team's games, through Payload by slug, and the signed-in member
 * through cms/auth/memberLinks.ts.
 */
export const volunteers: Domain = {
  ...volunteersModel,
  api: volunteerApi,
  adminApi: volunteerAdminApi,
  pages: volunteerPages,
  site: {
    // "Volunteer Information" leads to /volunteer while an event is open (else as the spec has it).
    footerLinks: async (payload) => ((await anyEventOpen(payload)) ? { 'volunteer-information': '/volunteer' } : {}),
    // Their household's sign-ups and hours on /member (site/src/app puts the section there).
    personalData: { '/member': memberSection },
  },
  emails: volunteerEmails,
  tasks: [
    { name: 'volunteer-reminders', everyMs: 60_000, run: remindAndOffer },
    { name: 'volunteer-day-after', everyMs: 60 * 60_000, run: dayAfter },
  ],
  seed: seedVolunteers,
}
