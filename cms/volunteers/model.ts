import type { DomainModel } from '../collections'
import { VolunteerEvents } from './collections/VolunteerEvents'
import { VolunteerExcusals } from './collections/VolunteerExcusals'
import { VolunteerLinks } from './collections/VolunteerLinks'
import { VolunteerShifts } from './collections/VolunteerShifts'
import { VolunteerSignups } from './collections/VolunteerSignups'
import { buyOutRules } from './buyOut'
import { forgetExcusedHours, seasonKeptWhileExcused } from './familyRules'
import { followGame } from './gameRules'
import { VolunteerSettings } from './globals/VolunteerSettings'

/**
 * The volunteers' data model: what payload.config.ts takes (docs/decisions/017), and Payload's admin with it, so
 * it holds the collections, their rules and the hooks they add to others' (games, households, seasons, and the buy-out's rules on dues), nothing of
 * the server's routers or mail.
 */
export const volunteersModel: DomainModel = {
  name: 'volunteers',
  collections: [VolunteerEvents, VolunteerShifts, VolunteerSignups, VolunteerExcusals, VolunteerLinks],
  globals: [VolunteerSettings],
  reactions: {
    games: { afterChange: [followGame] },
    dues: { beforeChange: [buyOutRules] },
    households: { beforeDelete: [forgetExcusedHours] },
    seasons: { beforeDelete: [seasonKeptWhileExcused] },
  },
}
