import { useState } from 'react'
import { ROSTER_PRIVACY } from '#shared/roster'
import { useRosterPrivacy } from '../lib/rosterPrivacy'
import { useIsAdmin } from '../lib/session'
import { Button } from './Button'

const RECOMMENDED = ROSTER_PRIVACY.find((option) => option.value === 'consentOnly')!

/**
 * Until an admin has chosen Roster privacy (the spec's "names and photos as entered" applies meanwhile), the
 * Overview and the Team tab say what a visitor sees today and recommend the minors' setting, one click to choose
 * either (docs/roles.md, "Photos and consent"). Nothing once chosen.
 */
export function RosterPrivacyNotice() {
  const roster = useRosterPrivacy()
  const isAdmin = useIsAdmin()
  const [pending, setPending] = useState(false)
  if (!roster || roster.chosen) return null
  const choose = async (privacy: 'asEntered' | 'consentOnly') => {
    setPending(true)
    await roster.choose(privacy)
    setPending(false)
  }
  return (
    <section
      aria-labelledby="roster-privacy-notice-title"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="roster-privacy-notice"
    >
      <h3 id="roster-privacy-notice-title" className="font-semibold">
        Roster privacy has not been chosen yet
      </h3>
      <p className="mt-1">
        Today the public roster shows every player’s full name and photo as entered, also for a player whose family never ticked Show photo
        or Show full name.
      </p>
      <p className="mt-1">
        For a team of minors we recommend <strong>“{RECOMMENDED.label}”</strong>: a player’s full name and photo are then shown only once
        her family’s box is ticked.
      </p>
      {isAdmin ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={pending} onClick={() => void choose('consentOnly')}>
            Use the recommended setting
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => void choose('asEntered')}>
            Keep names and photos as entered
          </Button>
        </div>
      ) : (
        <p className="mt-1 font-medium">Only an admin can choose it: ask one.</p>
      )}
    </section>
  )
}
