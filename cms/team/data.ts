import type { Payload } from 'payload'
import { loadRosterPrivacy, ON_PUBLIC_ROSTER } from './rosterPrivacy'
import { publicPlayer } from './shapes'

/** The public roster (the home page's #team and /api/team): the active players, each as Roster privacy and her switches show her. */
export const loadTeam = async (payload: Payload) => {
  const { docs } = await payload.find({
    collection: 'team-members',
    where: ON_PUBLIC_ROSTER,
    pagination: false,
    sort: ['displayOrder', 'number'],
    depth: 0,
  })
  const privacy = await loadRosterPrivacy(payload)
  return docs.map((doc) => publicPlayer(doc, privacy))
}
