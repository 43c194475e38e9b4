/**
 * How the public roster shows minors: the club-wide Roster privacy (cms/team/globals/RosterSettings.ts)
 * with each player's switches. One rule for the public site, Payload's media access, the alt texts
 * of players' photos and the portal's "what the public sees now" lines (docs/roles.md).
 */
export const ROSTER_SETTINGS = 'roster-settings'

export const ROSTER_PRIVACY = [
  { value: 'asEntered', label: 'Names and photos as entered' },
  { value: 'consentOnly', label: 'First name and last initial; photos only with consent' },
] as const
export type RosterPrivacy = (typeof ROSTER_PRIVACY)[number]['value']

type Consent = { name: string; showPhoto?: boolean | null; showFullName?: boolean | null }

/**
 * `false` always hides; under "as entered" (the default, the spec's roster) an unset switch shows,
 * under "consent only" only a ticked one does. A player without full-name consent is "Maya D.".
 */
export function publicView(player: Consent, privacy: RosterPrivacy) {
  const allowed = (flag: boolean | null | undefined) => (privacy === 'asEntered' ? flag !== false : flag === true)
  return { name: allowed(player.showFullName) ? player.name : firstNameAndInitial(player.name), photoShown: allowed(player.showPhoto) }
}

/**
 * What of a player may leave the server, applied before any public view (/api/team, the HTML, link
 * previews), so hidden data is never sent.
 */
export function rosterView(player: Consent & { imageUrl?: string | null }, privacy: RosterPrivacy) {
  const { name, photoShown } = publicView(player, privacy)
  return { name, imageUrl: photoShown ? (player.imageUrl ?? null) : null }
}

export const firstNameAndInitial = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/)
  const last = rest.at(-1)
  return last ? `${first} ${last[0].toUpperCase()}.` : first
}

/** The alt text of a player's photo: the name as the roster shows it, never a hidden one. */
export const playerPhotoAlt = (player: Consent, privacy: RosterPrivacy) => `Photo of ${publicView(player, privacy).name}`

/**
 * What a visitor sees of a player now, in the words the portal's Team tab and Payload's player page
 * show beside her switches (docs/roles.md), whatever the club-wide setting.
 */
export function publicSummary(player: Consent & { hasPhoto: boolean; onRoster: boolean }, privacy: RosterPrivacy) {
  if (!player.onRoster) return { photo: 'Photo: hidden (not on the roster)', name: 'Name: hidden (not on the roster)' }
  const { name, photoShown } = publicView(player, privacy)
  return {
    photo: !player.hasPhoto ? 'Photo: none yet' : photoShown ? 'Photo: shown on the site' : 'Photo: hidden',
    name: `Name: shown as “${name}”`,
  }
}
