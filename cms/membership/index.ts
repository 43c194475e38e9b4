import type { Domain } from '../domains'
import { Dues } from './collections/Dues'
import { Households } from './collections/Households'
import { MembershipLevels } from './collections/MembershipLevels'
import { Memberships } from './collections/Memberships'
import { Seasons } from './collections/Seasons'

/**
 * Memberships (docs/MEMBERSHIP.md): families, dues by season, receipts by the dues' tax treatment, /join and
 * /member. What the root takes from this domain, in one object (cms/domains.ts); nothing outside this folder
 * imports anything else of it. Other domains reach its seasons and households through Payload by slug.
 */
export const membership: Domain = {
  name: 'membership',
  collections: [Seasons, MembershipLevels, Households, Memberships, Dues],
}
