'use client'
import { useFormFields, useFormModified } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { publicSummary, ROSTER_PRIVACY, ROSTER_SETTINGS, type RosterPrivacy } from '#shared/roster'
import { isFlagOn } from '#shared/textFlag'

/**
 * On a player's page in Payload's editor: what a visitor sees of her, in words, from her switches
 * and the club-wide Roster privacy (shared/roster.ts), so an unticked box never hides that the
 * club-wide setting shows her photo. A UI field, nothing stored.
 */
export function PlayerPublicView() {
  const [roster, setRoster] = useState<{ privacy: RosterPrivacy; chosen: boolean } | null>(null)
  const modified = useFormModified()
  const player = useFormFields(([fields]) => ({
    name: String(fields.name?.value ?? ''),
    showPhoto: fields.showPhoto?.value as boolean | null | undefined,
    showFullName: fields.showFullName?.value as boolean | null | undefined,
    hasPhoto: !!fields.imageUrl?.value || !!fields.image?.value,
    onRoster: isFlagOn(fields.isActive?.value as string | undefined),
  }))

  useEffect(() => {
    // Staff read Roster privacy through Payload's REST with their own session (cms/team/globals/RosterSettings.ts).
    void fetch(`/cms-api/globals/${ROSTER_SETTINGS}?depth=0`, { credentials: 'include' })
      .then((res) => (res.ok ? (res.json() as Promise<{ privacy?: string; updatedAt?: string }>) : {}))
      .then((doc: { privacy?: string; updatedAt?: string }) =>
        // Never saved: no admin has chosen, the spec's "as entered" applies.
        setRoster({ privacy: doc.privacy === 'consentOnly' ? 'consentOnly' : 'asEntered', chosen: Boolean(doc.updatedAt) }),
      )
      .catch(() => undefined)
  }, [])

  if (!roster) return null
  const summary = publicSummary(player, roster.privacy)
  const setting = ROSTER_PRIVACY.find((option) => option.value === roster.privacy)!.label
  return (
    <div className="field-type" role="status" aria-live="polite">
      <p className="field-label">{modified ? 'On the public site, once saved' : 'On the public site now'}</p>
      <p>{summary.photo}</p>
      <p>{summary.name}</p>
      <div className="field-description">
        Roster privacy: “{setting}”{roster.chosen ? '' : ' (the default: no admin has chosen yet; Website → Roster privacy)'}. A box never
        ticked leaves it to this setting.
      </div>
    </div>
  )
}
