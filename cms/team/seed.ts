import type { Payload, PayloadRequest } from 'payload'
import { teamMemberRecord, teamMemberSchema } from '#shared/schemas'
import { toTextFlag } from '#shared/textFlag'

/** SEED=demo's roster: five players, shown as entered (no Roster privacy chosen yet). */
const DEMO_PLAYERS = [
  {
    name: 'Maya Johnson',
    jerseyNumber: 3,
    position: 'Point Guard',
    grade: 'Senior',
    height: '5\'6"',
    bio: 'Team captain and floor general.',
  },
  {
    name: 'Ava Martinez',
    jerseyNumber: 10,
    position: 'Shooting Guard',
    grade: 'Junior',
    height: '5\'8"',
    bio: 'Led the district in three-pointers last season.',
  },
  { name: 'Chloe Williams', jerseyNumber: 15, position: 'Small Forward', grade: 'Senior', height: '5\'10"', bio: null },
  { name: 'Jordan Lee', jerseyNumber: 22, position: 'Power Forward', grade: 'Sophomore', height: '6\'0"', bio: 'Rebounding machine.' },
  { name: 'Emma Davis', jerseyNumber: 33, position: 'Center', grade: 'Junior', height: '6\'2"', bio: null },
]

/** In the seed's transaction (cms/db/seed.ts), before the domains whose demo records link the players. */
export async function seedTeam(payload: Payload, req: PayloadRequest) {
  for (const [i, player] of DEMO_PLAYERS.entries()) {
    await payload.create({
      collection: 'team-members',
      data: { ...teamMemberRecord(teamMemberSchema.parse({ ...player, displayOrder: i })), isActive: toTextFlag(true) },
      req,
    })
  }
}
