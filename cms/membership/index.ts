import type { Domain } from '../domain'
import { membershipEmails } from './mail'
import { membersRouter } from './members'
import { membershipApi } from './api'
import { membershipPages } from './pages'
import { membershipDays } from './renewals'
import { membershipModel } from './model'
import { levelsOnOffer } from './seasons'
import { seedMembership } from './seed'

/**
 * Memberships (docs/MEMBERSHIP.md): families, dues by season, receipts by the dues' tax treatment, /join and
 * /member. What the server's root takes from this domain, in one object (cms/domains.ts): its data model (./model.ts,
 * which payload.config.ts takes alone, for Payload's admin builds it too) and its server. Nothing outside this folder
 * imports anything else of it, but the portal's tab (./portal, a browser bundle of its own). Other domains reach its
 * seasons and households through Payload by slug, and the signed-in member through cms/auth/memberLinks.ts.
 */
export const membership: Domain = {
  ...membershipModel,
  api: membershipApi,
  adminApi: membersRouter,
  pages: membershipPages,
  site: {
    loaders: { membershipLevels: (payload) => levelsOnOffer(payload) },
    // "Join Booster Club" leads to /join while a season with a level on offer is open (else as the spec has it).
    footerLinks: async (payload) => ((await levelsOnOffer(payload)).length > 0 ? { 'join-booster-club': '/join' } : {}),
  },
  emails: membershipEmails,
  tasks: [{ name: 'membership-days', everyMs: 60 * 60_000, run: membershipDays }],
  seed: seedMembership,
}
