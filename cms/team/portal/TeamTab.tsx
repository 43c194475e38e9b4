import { useState } from 'react'
import type { AdminPlayer } from '#shared/api'
import { publicSummary, publicView, ROSTER_PRIVACY, type RosterPrivacy } from '#shared/roster'
import { teamMemberSchema, teamMemberUpdateSchema } from '#shared/schemas'
import { apiRequest } from '#ui/lib/api.ts'
import { toast } from '#ui/toast.tsx'
import { CheckboxField } from '#ui/form/CheckboxField.tsx'
import { TextAreaField, TextField } from '#ui/form/fields.tsx'
import { PhotoUpload } from '#portal/components/PhotoUpload.tsx'
import { RecordActions, ResourceTab } from '#portal/components/ResourceTab.tsx'
import { RosterPrivacyNotice } from '#portal/components/RosterPrivacyNotice.tsx'
import { errorMessage } from '#portal/lib/errors.ts'
import { KEYS } from '#portal/lib/keys.ts'
import { refetchList } from '#portal/lib/list.ts'
import type { RecordEditor, Resource } from '#portal/lib/resource.ts'
import { useRosterPrivacy } from '#portal/lib/rosterPrivacy.ts'
import { recheckSessionOn401, useIsAdmin } from '#portal/lib/session.ts'
import { formText } from '#shared/notGiven'
import { profileFormValues } from '#shared/playerProfile'
import { isFlagOn } from '#shared/textFlag'

const EMPTY = {
  name: '',
  jerseyNumber: '',
  position: '',
  grade: '',
  ...profileFormValues(),
  // The uploaded photo: its media id (sent only once one is chosen) and the URL shown.
  image: '',
  imageUrl: '',
  showPhoto: false,
  showFullName: false,
}
type Values = typeof EMPTY

/**
 * A consent switch is sent only when the editor changed it: never asked (null) stays null, so the
 * club-wide roster setting keeps deciding (shared/roster.ts); ticked is true, unticked false.
 */
const consent = (value: boolean, was: boolean | null | undefined) => (value === (was === true) ? undefined : value)
/** The switch as it will be stored: the box's value when changed, else what is stored (never set stays null). */
const consentOnSave = (value: boolean, was: boolean | null | undefined) => consent(value, was) ?? was ?? null

const team: Resource<AdminPlayer, Values> = {
  path: KEYS.team,
  history: 'team-members',
  tab: {
    title: 'Team',
    description: 'The roster shown on the home page.',
    listLabel: 'Team members',
    what: 'team members',
    addLabel: 'Add Player',
    emptyTitle: 'No team members found',
  },
  dialog: {
    createTitle: 'Add Team Member',
    editTitle: 'Edit Team Member',
    createDescription: 'A new player on the roster.',
    editDescription: (p) => `Change the details of ${p.name}.`,
    createSubmit: 'Add Player',
    createPending: 'Adding...',
  },
  record: { noun: 'team member', name: (p) => p.name, removeText: 'Remove' },
  toasts: {
    created: 'Team member added successfully',
    updated: 'Team member updated successfully',
    deleted: 'Team member removed successfully',
    createFailed: 'Error adding team member',
    updateFailed: 'Error updating team member',
    deleteFailed: 'Error removing team member',
  },
  createSchema: teamMemberSchema,
  updateSchema: teamMemberUpdateSchema,
  empty: EMPTY,
  toValues: (p) => ({
    name: p.name,
    jerseyNumber: formText(p.jerseyNumber),
    position: p.position,
    grade: p.grade,
    ...profileFormValues(p),
    image: '',
    imageUrl: formText(p.imageUrl),
    showPhoto: p.showPhoto === true,
    showFullName: p.showFullName === true,
  }),
  // An empty number box is not given: Required for a new player and an edit alike (shared/notGiven.ts), never 0.
  toPayload: ({ image, imageUrl, showPhoto, showFullName, ...v }, editing) => ({
    ...v,
    // A new upload sets the photo (the server fills imageUrl from it); otherwise the URL is left as it is.
    ...(image ? { image } : {}),
    showPhoto: consent(showPhoto, editing?.showPhoto),
    showFullName: consent(showFullName, editing?.showFullName),
  }),
}

export function TeamTab() {
  const roster = useRosterPrivacy()
  const privacy = roster?.privacy
  return (
    <>
      <RosterPrivacyNotice />
      <ResourceTab
        resource={team}
        listClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        card={(p, editor) => <PlayerCard key={p.id} p={p} editor={editor} privacy={privacy} />}
        fields={({ form, editing }) => (
          <>
            <TextField form={form} name="name" label="Name" required autoComplete="off" />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                form={form}
                name="jerseyNumber"
                label="Jersey number"
                required
                type="number"
                inputMode="numeric"
                min="0"
                max="99"
                step="1"
              />
              <TextField form={form} name="position" label="Position" required placeholder="Guard" />
              <TextField form={form} name="grade" label="Grade" required placeholder="Senior" />
              <TextField form={form} name="height" label="Height" optional placeholder={`5'8"`} />
            </div>
            <TextAreaField form={form} name="bio" label="Bio" optional rows={4} />
            <PhotoUpload
              label="Photo"
              // The name as the roster would show it (the server sets it again on save: shared/roster.ts).
              alt={`Photo of ${publicView({ ...form.values, name: form.values.name.trim() || 'a player' }, privacy ?? 'consentOnly').name}`}
              size="card"
              current={form.values.imageUrl}
              onUploaded={({ id, url }) => {
                form.setValue('image', id)
                form.setValue('imageUrl', url)
              }}
            />
            {/* Consent for minors (docs/roles.md): a never-ticked box leaves the club's Roster privacy setting to decide. */}
            <CheckboxField
              form={form}
              name="showPhoto"
              label="Show photo"
              hint="Tick once the family agrees; untick to hide it. Never set: the club’s Roster privacy setting decides."
            />
            <CheckboxField
              form={form}
              name="showFullName"
              label="Show full name"
              hint="Untick to show first name and last initial only. Never set: the club’s Roster privacy setting decides."
            />
            <PublicPreview values={form.values} editing={editing} onRoster={editing ? isFlagOn(editing.isActive) : true} />
          </>
        )}
      />
      <RosterPrivacyPanel privacy={privacy} choose={roster?.choose} />
    </>
  )
}

/**
 * In the dialog, before saving: what a visitor will see of this player under the Roster privacy in force, from the
 * boxes as they will be stored (a box never ticked leaves it to the club-wide setting: shared/roster.ts).
 */
function PublicPreview({ values, editing, onRoster }: { values: Values; editing: AdminPlayer | null; onRoster: boolean }) {
  const roster = useRosterPrivacy()
  if (!roster) return null
  const player = {
    name: values.name.trim() || 'This player',
    showPhoto: consentOnSave(values.showPhoto, editing?.showPhoto),
    showFullName: consentOnSave(values.showFullName, editing?.showFullName),
    hasPhoto: Boolean(values.imageUrl),
    onRoster,
  }
  const seen = publicSummary(player, roster.privacy)
  const setting = ROSTER_PRIVACY.find((option) => option.value === roster.privacy)!.label
  return (
    <div
      role="status"
      className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800"
      data-testid="player-public-preview"
    >
      <p className="font-medium text-gray-900">On the public site, once saved:</p>
      <ul className="mt-1 list-disc pl-5">
        <li>{seen.photo}</li>
        <li>{seen.name}</li>
      </ul>
      <p className="mt-1 text-xs text-gray-700">
        Roster privacy: “{setting}”{roster.chosen ? '' : ' (the default: no admin has chosen yet)'}.
      </p>
    </div>
  )
}

/** Roster privacy, from the Team tab: every volunteer sees it, only an admin changes it (docs/roles.md). */
function RosterPrivacyPanel({
  privacy,
  choose: save,
}: {
  privacy: RosterPrivacy | undefined
  choose: ((value: RosterPrivacy) => Promise<boolean>) | undefined
}) {
  const isAdmin = useIsAdmin()
  const [pending, setPending] = useState(false)
  const choose = async (value: RosterPrivacy) => {
    setPending(true)
    await save?.(value)
    setPending(false)
  }
  return (
    <section aria-labelledby="roster-privacy-title" className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h3 id="roster-privacy-title" className="font-semibold text-gray-900">
        Roster privacy
      </h3>
      <fieldset disabled={!isAdmin || pending || !privacy} className="mt-2 grid gap-2">
        <legend className="text-sm text-gray-700">On the public roster, show{isAdmin ? '' : ' (only an admin changes this)'}:</legend>
        {ROSTER_PRIVACY.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
            <input
              type="radio"
              name="roster-privacy"
              value={option.value}
              checked={privacy === option.value}
              onChange={() => void choose(option.value)}
              className="h-4 w-4"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </section>
  )
}

/** Photo and name hidden in one go: a family withdrew consent (docs/roles.md). */
async function makePrivate(p: AdminPlayer) {
  try {
    await apiRequest('PUT', `${KEYS.team}/${p.id}`, { showPhoto: false, showFullName: false })
    toast({ title: `${p.name}: photo and full name hidden` })
    refetchList(KEYS.team)
  } catch (error) {
    recheckSessionOn401(error)
    toast({ title: 'Error updating team member', description: errorMessage(error), variant: 'destructive' })
  }
}

function PlayerCard({
  p,
  editor,
  privacy,
}: {
  p: AdminPlayer
  editor: RecordEditor<AdminPlayer, Values>
  privacy: RosterPrivacy | undefined
}) {
  const seen = privacy && publicSummary({ ...p, hasPhoto: !!p.imageUrl, onRoster: isFlagOn(p.isActive) }, privacy)
  const isPrivate = p.showPhoto === false && p.showFullName === false
  return (
    <li className="flex flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        {p.imageUrl ? (
          <img src={p.imageUrl} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-800 text-lg font-bold text-white tabular-nums"
          >
            {p.jerseyNumber}
          </span>
        )}
        <div className="min-w-0">
          <h3 className="font-semibold text-gray-900">{p.name}</h3>
          <p className="text-sm text-gray-700">
            <span className="font-medium">#{p.jerseyNumber}</span> · {p.position}
          </p>
          <p className="text-sm text-gray-600">
            {p.grade}
            {p.height ? ` · ${p.height}` : ''}
          </p>
        </div>
      </div>
      {p.bio && <p className="mt-3 line-clamp-3 text-sm text-gray-700">{p.bio}</p>}
      {/* What a visitor sees now, whatever the boxes and the club-wide setting say (shared/roster.ts). */}
      {seen && (
        <ul className="mt-3 text-sm text-gray-800" aria-label={`On the public site, ${p.name}`}>
          <li>{seen.photo}</li>
          <li>{seen.name}</li>
        </ul>
      )}
      {!isPrivate && (
        <button
          type="button"
          onClick={() => void makePrivate(p)}
          className="mt-2 inline-flex min-h-11 items-center self-start text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          Hide photo and full name<span className="sr-only"> of {p.name}</span>
        </button>
      )}
      {/* Photo and consent are in the dialog; the roster order and "On the roster" on Payload's player page (docs/roles.md). */}
      <a
        href={`/admin/collections/team-members/${p.id}`}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-4"
      >
        Order and roster status<span className="sr-only"> for {p.name}</span>
      </a>
      <RecordActions
        editor={editor}
        record={p}
        className="mt-auto flex justify-end gap-2 border-t border-gray-100 pt-3 [&:not(:first-child)]:mt-4"
      />
    </li>
  )
}
