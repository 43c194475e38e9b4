import type { Payload } from 'payload'
import type { TeamMember } from '../payload-types'
import { ROSTER_SETTINGS, type RosterPrivacy } from '../globals/RosterSettings'

/**
 * What of a player may leave the server (docs/roles.md, consent for minors):
 * `false` always hides; under "as entered" (the default, the spec's roster) an
 * unset switch shows, under "consent only" only a ticked one does. A player
 * without full-name consent is "Maya D.". Applied before any public view
 * (/api/team, the HTML, link previews), so hidden data is never sent.
 */
export function rosterView(doc: Pick<TeamMember, 'name' | 'imageUrl' | 'showPhoto' | 'showFullName'>, privacy: RosterPrivacy) {
  const allowed = (flag: boolean | null | undefined) => (privacy === 'asEntered' ? flag !== false : flag === true)
  return {
    name: allowed(doc.showFullName) ? doc.name : firstNameAndInitial(doc.name),
    imageUrl: allowed(doc.showPhoto) ? doc.imageUrl : null,
  }
}

export const firstNameAndInitial = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/)
  const last = rest.at(-1)
  return last ? `${first} ${last[0].toUpperCase()}.` : first
}

export const loadRosterPrivacy = async (payload: Payload): Promise<RosterPrivacy> => {
  const settings = await payload.findGlobal({ slug: ROSTER_SETTINGS, depth: 0, overrideAccess: true })
  return settings?.privacy === 'consentOnly' ? 'consentOnly' : 'asEntered'
}
