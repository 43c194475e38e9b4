import type { DomainModel } from '../collections'
import { Dues } from './collections/Dues'
import { Households } from './collections/Households'
import { MembershipLevels } from './collections/MembershipLevels'
import { Memberships } from './collections/Memberships'
import { Seasons } from './collections/Seasons'
import { MembershipSettings } from './globals/MembershipSettings'

/**
 * The membership domain's data model: what payload.config.ts takes (docs/decisions/017). Payload's admin, which Next
 * builds, loads it too, so it holds the collections and their rules and nothing of the server's routers or mail.
 */
export const membershipModel: DomainModel = {
  name: 'membership',
  collections: [Seasons, MembershipLevels, Households, Memberships, Dues],
  globals: [MembershipSettings],
}
