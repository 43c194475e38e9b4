import type { AdminGame } from '#shared/api'
import { isCalendarDay } from '#shared/clubDay'
import { hasStarted } from '#shared/games'
import { gameSchema, gameUpdateSchema } from '#shared/schemas'
import { CheckboxField } from '#ui/form/CheckboxField.tsx'
import { TextField } from '#ui/form/fields.tsx'
import { RecordActions, ResourceTab } from '#portal/components/ResourceTab.tsx'
import {
  formatGameDate,
  formatGameTime,
  gameResult,
  scoreFromInput,
  scoreInputValue,
  timeInputValue,
  type GameResult,
} from '#portal/lib/format.ts'
import { useGameActions } from '#portal/lib/domainPortal.ts'
import { KEYS } from '#portal/lib/keys.ts'
import type { RecordEditor, Resource } from '#portal/lib/resource.ts'
import { formText } from '#shared/notGiven'

const RESULT_TONE: Record<GameResult, string> = {
  WIN: 'bg-brand-100 text-brand-800',
  LOSS: 'bg-red-100 text-red-800',
  TIE: 'bg-gray-200 text-gray-800',
}

const EMPTY = {
  opponent: '',
  gameDate: '',
  gameTime: '',
  location: '',
  isHome: true,
  ourScore: '',
  opponentScore: '',
  note: '',
  cancelled: false,
}
type Values = typeof EMPTY

const games: Resource<AdminGame, Values> = {
  path: KEYS.games,
  history: 'games',
  tab: {
    title: 'Games',
    description: 'The schedule and final scores.',
    listLabel: 'Games',
    what: 'games',
    addLabel: 'Add Game',
    emptyTitle: 'No games scheduled',
  },
  dialog: {
    createTitle: 'Add Game',
    editTitle: 'Edit Game',
    createDescription: 'A game on the schedule.',
    editDescription: (g) => `Change the game vs ${g.opponent}.`,
    createSubmit: 'Add Game',
    createPending: 'Adding...',
  },
  record: {
    noun: 'game',
    name: (g) => `vs ${g.opponent} on ${formatGameDate(g.gameDate)}`,
    editLabel: (g) => `Edit game vs ${g.opponent}`,
  },
  toasts: {
    created: 'Game added successfully',
    updated: 'Game updated successfully',
    deleted: 'Game deleted successfully',
    createFailed: 'Error adding game',
    updateFailed: 'Error updating game',
    deleteFailed: 'Error deleting game',
  },
  createSchema: gameSchema,
  updateSchema: gameUpdateSchema,
  empty: EMPTY,
  toValues: (g) => ({
    opponent: g.opponent,
    gameDate: g.gameDate,
    gameTime: timeInputValue(g.gameTime),
    location: g.location,
    isHome: g.isHome,
    note: formText(g.note),
    cancelled: g.cancelled,
    // An existing score of 0 starts empty and is saved as null (scoreInputValue, format.unit.test.ts).
    ourScore: scoreInputValue(g.ourScore),
    opponentScore: scoreInputValue(g.opponentScore),
  }),
  toPayload: (v) => ({ ...v, ourScore: scoreFromInput(v.ourScore), opponentScore: scoreFromInput(v.opponentScore) }),
  // A score is a game's result: for one not played yet, the admin is asked first (the home page shows none until it starts).
  confirmSave: (v, timeZone) =>
    timeZone &&
    isCalendarDay(v.gameDate) &&
    (scoreFromInput(v.ourScore) !== null || scoreFromInput(v.opponentScore) !== null) &&
    !hasStarted({ gameDate: v.gameDate, gameTime: v.gameTime }, timeZone)
      ? `This game has not been played yet (${formatGameDate(v.gameDate)}${v.gameTime ? `, ${formatGameTime(v.gameTime)}` : ''}). Save a score for it anyway?`
      : null,
}

export function GamesTab() {
  return (
    <ResourceTab
      resource={games}
      listClassName="grid gap-3"
      card={(g, editor) => <GameCard key={g.id} g={g} editor={editor} />}
      fields={({ form }) => (
        <>
          <TextField form={form} name="opponent" label="Opponent" required maxLength={255} autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="gameDate" label="Date" required type="date" />
            <TextField form={form} name="gameTime" label="Time" required type="time" />
          </div>
          <TextField form={form} name="location" label="Location" required maxLength={255} />
          <CheckboxField form={form} name="isHome" label="Home game" hint="Uncheck for an away game." />
          <TextField
            form={form}
            name="note"
            label="Note (optional)"
            maxLength={255}
            hint="Shown with the game on the site, e.g. Free admission."
          />
          <CheckboxField form={form} name="cancelled" label="Cancelled" hint="Stays on the schedule, marked cancelled." />
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-gray-800">Final score (optional)</legend>
            <p className="text-xs text-gray-600">Leave both empty until the game is played.</p>
            <div className="grid grid-cols-2 gap-4">
              <TextField form={form} name="ourScore" label="Our score" type="number" inputMode="numeric" min="0" max="999" step="1" />
              <TextField
                form={form}
                name="opponentScore"
                label="Opponent score"
                type="number"
                inputMode="numeric"
                min="0"
                max="999"
                step="1"
              />
            </div>
          </fieldset>
        </>
      )}
    />
  )
}

function GameCard({ g, editor }: { g: AdminGame; editor: RecordEditor<AdminGame, Values> }) {
  const result = gameResult(g.ourScore, g.opponentScore)
  const domainActions = useGameActions()
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
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
        {domainActions.map((Action, i) => (
          <Action key={i} game={g} />
        ))}
        <RecordActions editor={editor} record={g} className="flex gap-2" />
      </div>
    </li>
  )
}
