import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { gameSchema } from '#shared/schemas'
import { Button } from '../components/Button'
import { ConfirmDelete } from '../components/ConfirmDelete'
import { EntityDialog } from '../components/EntityDialog'
import { CheckboxField, TextField } from '../components/FormField'
import { PencilIcon, PlusIcon } from '../components/Icons'
import { EmptyState, ListState, SectionHeader } from '../components/States'
import { deleteRecord, submitRecord } from '../lib/actions'
import { formatGameDate, formatGameTime, gameResult, scoreFromInput, scoreInputValue, timeInputValue, type GameResult } from '../lib/format'
import { useForm } from '../lib/form'
import { KEYS } from '../lib/keys'
import type { Game } from '../lib/types'

type Target = 'new' | Game | null

const RESULT_TONE: Record<GameResult, string> = {
  WIN: 'bg-brand-100 text-brand-800',
  LOSS: 'bg-red-100 text-red-800',
  TIE: 'bg-gray-200 text-gray-800',
}

export function GamesTab() {
  const { data, error, isLoading, mutate } = useSWR<Game[]>(KEYS.games)
  const [target, setTarget] = useState<Target>(null)

  return (
    <section aria-labelledby="games-title">
      <SectionHeader
        id="games-title"
        title="Games"
        description="The schedule and final scores."
        action={
          <Button onClick={() => setTarget('new')}>
            <PlusIcon />
            Add Game
          </Button>
        }
      />
      <ListState
        what="games"
        data={data}
        error={error}
        isLoading={isLoading}
        retry={() => void mutate()}
        empty={<EmptyState title="No games scheduled" />}
      >
        {(games) => (
          <ul className="grid gap-3" aria-label="Games">
            {games.map((g) => {
              const result = gameResult(g.ourScore, g.opponentScore)
              return (
                <li
                  key={g.id}
                  className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-gray-900">vs {g.opponent}</h3>
                      <span
                        className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${g.isHome ? 'bg-brand-100 text-brand-800' : 'bg-amber-100 text-amber-900'}`}
                      >
                        {g.isHome ? 'Home' : 'Away'}
                      </span>
                    </div>
                    <p className="mt-1 text-sm text-gray-700">
                      <time dateTime={g.gameDate}>{formatGameDate(g.gameDate)}</time> · {formatGameTime(g.gameTime)}
                    </p>
                    <p className="text-sm text-gray-600">{g.location}</p>
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
                    {result && (
                      <p className="flex items-center gap-2" data-testid="game-score">
                        <span className="text-lg font-bold text-gray-900 tabular-nums">
                          {g.ourScore} - {g.opponentScore}
                        </span>
                        <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${RESULT_TONE[result]}`}>{result}</span>
                      </p>
                    )}
                    <div className="flex gap-2">
                      <Button variant="ghost" size="sm" onClick={() => setTarget(g)} aria-label={`Edit game vs ${g.opponent}`}>
                        <PencilIcon />
                        Edit
                      </Button>
                      <ConfirmDelete
                        what="game"
                        itemLabel={`vs ${g.opponent} on ${formatGameDate(g.gameDate)}`}
                        onConfirm={() =>
                          deleteRecord({
                            path: `${KEYS.games}/${encodeURIComponent(g.id)}`,
                            listKey: KEYS.games,
                            success: 'Game deleted successfully',
                            failure: 'Error deleting game',
                          })
                        }
                      />
                    </div>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </ListState>
      <GameDialog target={target} onClose={() => setTarget(null)} />
    </section>
  )
}

const EMPTY = { opponent: '', gameDate: '', gameTime: '', location: '', isHome: true, ourScore: '', opponentScore: '', note: '', cancelled: false }

function GameDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const form = useForm(EMPTY)
  const { reset } = form
  const editing = target !== null && target !== 'new' ? target : null

  useEffect(() => {
    if (target === 'new') reset(EMPTY)
    else if (target)
      reset({
        opponent: target.opponent,
        gameDate: target.gameDate,
        gameTime: timeInputValue(target.gameTime),
        location: target.location,
        isHome: target.isHome,
        // SPEC §5: an existing score of 0 starts empty and is saved as null.
        ourScore: scoreInputValue(target.ourScore),
        opponentScore: scoreInputValue(target.opponentScore),
        note: target.note ?? '',
        cancelled: target.cancelled,
      })
  }, [target, reset])

  const submit = () => {
    const v = form.values
    void submitRecord({
      form,
      schema: gameSchema,
      payload: { ...v, ourScore: scoreFromInput(v.ourScore), opponentScore: scoreFromInput(v.opponentScore) },
      method: editing ? 'PUT' : 'POST',
      path: editing ? `${KEYS.games}/${encodeURIComponent(editing.id)}` : KEYS.games,
      listKey: KEYS.games,
      success: editing ? 'Game updated successfully' : 'Game added successfully',
      failure: editing ? 'Error updating game' : 'Error adding game',
      onSuccess: onClose,
    })
  }

  return (
    <EntityDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? 'Edit Game' : 'Add Game'}
      description={editing ? `Change the game vs ${editing.opponent}.` : 'A game on the schedule.'}
      submitLabel={editing ? 'Save Changes' : 'Add Game'}
      pendingLabel={editing ? 'Saving...' : 'Adding...'}
      pending={form.pending}
      onSubmit={submit}
    >
      <TextField form={form} name="opponent" label="Opponent" required maxLength={255} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="gameDate" label="Date" required type="date" />
        <TextField form={form} name="gameTime" label="Time" required type="time" />
      </div>
      <TextField form={form} name="location" label="Location" required maxLength={255} />
      <CheckboxField form={form} name="isHome" label="Home game" hint="Uncheck for an away game." />
      <TextField form={form} name="note" label="Note (optional)" maxLength={255} hint="Shown with the game on the site, e.g. Free admission." />
      <CheckboxField form={form} name="cancelled" label="Cancelled" hint="Stays on the schedule, marked cancelled." />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-gray-800">Final score (optional)</legend>
        <p className="text-xs text-gray-600">Leave both empty until the game is played.</p>
        <div className="grid grid-cols-2 gap-4">
          <TextField form={form} name="ourScore" label="Our score" type="number" inputMode="numeric" min="0" max="999" step="1" />
          <TextField form={form} name="opponentScore" label="Opponent score" type="number" inputMode="numeric" min="0" max="999" step="1" />
        </div>
      </fieldset>
    </EntityDialog>
  )
}
