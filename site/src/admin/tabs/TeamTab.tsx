import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { teamMemberSchema } from '#shared/schemas'
import { Button } from '../components/Button'
import { ConfirmDelete } from '../components/ConfirmDelete'
import { EntityDialog } from '../components/EntityDialog'
import { TextAreaField, TextField } from '../../components/form/fields'
import { PencilIcon, PlusIcon } from '../components/Icons'
import { EmptyState, ListState, SectionHeader } from '../components/States'
import { deleteRecord, submitRecord } from '../lib/actions'
import { useForm } from '../../lib/form'
import { KEYS } from '../lib/keys'
import type { AdminPlayer } from '#shared/api'

type Target = 'new' | AdminPlayer | null

export function TeamTab() {
  const { data, error, isLoading, mutate } = useSWR<AdminPlayer[]>(KEYS.team)
  const [target, setTarget] = useState<Target>(null)

  return (
    <section aria-labelledby="team-title">
      <SectionHeader
        id="team-title"
        title="Team"
        description="The roster shown on the home page."
        action={
          <Button onClick={() => setTarget('new')}>
            <PlusIcon />
            Add Player
          </Button>
        }
      />
      <ListState
        what="team members"
        data={data}
        error={error}
        isLoading={isLoading}
        retry={() => void mutate()}
        empty={<EmptyState title="No team members found" />}
      >
        {(players) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Team members">
            {players.map((p) => (
              <li key={p.id} className="flex flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
                <div className="flex items-start gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-800 text-lg font-bold text-white tabular-nums"
                  >
                    {p.jerseyNumber}
                  </span>
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
                <div className="mt-auto flex justify-end gap-2 border-t border-gray-100 pt-3 [&:not(:first-child)]:mt-4">
                  <Button variant="ghost" size="sm" onClick={() => setTarget(p)} aria-label={`Edit ${p.name}`}>
                    <PencilIcon />
                    Edit
                  </Button>
                  <ConfirmDelete
                    what="team member"
                    itemLabel={p.name}
                    triggerText="Remove"
                    confirmText="Remove"
                    onConfirm={() =>
                      deleteRecord({
                        path: `${KEYS.team}/${encodeURIComponent(p.id)}`,
                        listKey: KEYS.team,
                        success: 'Team member removed successfully',
                        failure: 'Error removing team member',
                      })
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <TeamDialog target={target} onClose={() => setTarget(null)} />
    </section>
  )
}

const EMPTY = { name: '', jerseyNumber: '', position: '', grade: '', height: '', bio: '' }

function TeamDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const form = useForm(EMPTY)
  const { reset } = form
  const editing = target !== null && target !== 'new' ? target : null

  useEffect(() => {
    if (target === 'new') reset(EMPTY)
    else if (target)
      reset({
        name: target.name,
        jerseyNumber: String(target.jerseyNumber ?? ''),
        position: target.position,
        grade: target.grade,
        height: target.height ?? '',
        bio: target.bio ?? '',
      })
  }, [target, reset])

  const submit = () => {
    const v = form.values
    // An empty number box is missing, not 0 (z.coerce would turn "" into 0).
    const payload = { ...v, jerseyNumber: v.jerseyNumber.trim() === '' ? undefined : v.jerseyNumber.trim() }
    void submitRecord({
      form,
      schema: teamMemberSchema,
      payload,
      method: editing ? 'PUT' : 'POST',
      path: editing ? `${KEYS.team}/${encodeURIComponent(editing.id)}` : KEYS.team,
      listKey: KEYS.team,
      success: editing ? 'Team member updated successfully' : 'Team member added successfully',
      failure: editing ? 'Error updating team member' : 'Error adding team member',
      onSuccess: onClose,
    })
  }

  return (
    <EntityDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? 'Edit Team Member' : 'Add Team Member'}
      description={editing ? `Change the details of ${editing.name}.` : 'A new player on the roster.'}
      submitLabel={editing ? 'Save Changes' : 'Add Player'}
      pendingLabel={editing ? 'Saving...' : 'Adding...'}
      pending={form.pending}
      onSubmit={submit}
    >
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
    </EntityDialog>
  )
}
