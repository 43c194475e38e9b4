import { useId, useState } from 'react'
import useSWR from 'swr'
import { calendarDayLabel } from '#shared/clubDay'
import { formatGameTime } from '#portal/lib/format.ts'
import { EVENT_STATUSES, hoursInWords, placesInWords, shiftTimeLabel, type EventStatus } from '#shared/volunteers'
import { FormField } from '#ui/form/fields.tsx'
import { Button, buttonClass } from '#portal/components/Button.tsx'
import { EntityDialog } from '#portal/components/EntityDialog.tsx'
import { EmptyState, ListState, SectionHeader } from '#portal/components/States.tsx'
import { StatusBadge } from '#portal/components/StatusBadge.tsx'
import { useAddressParams } from '#portal/lib/addressParams.ts'
import { useDialogSubmit, useDialogValues } from '#portal/lib/dialog.ts'
import { useClubTimeZone, useClubToday, useIsAdmin, useSignedInUser } from '#portal/lib/session.ts'
import type { Game, VolunteerEvent, VolunteerShift } from '../../payload-types'
import type { HouseholdHoursRow } from '../hours'
import { CheckIn } from './CheckIn'
import { useSeasonHours } from './HoursLine'
import { act } from './actions'
import { MakeShiftsButton, useGamesWithEvent } from './GameShifts'

/** A page of records from Payload's REST, as it answers (`docs`). */
const useCms = <T,>(path: string | null) => useSWR<{ docs: T[] }>(path)
const EVENTS = '/cms-api/volunteer-events?sort=-day&limit=50&depth=0'
const idOf = (value: unknown) => (value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null)

/**
 * The Volunteers tab (docs/VOLUNTEERS.md "The portal"): the events and their shifts' places, an event's roster and
 * check-in for its coordinator or an admin (the check-in fits a phone: ?shift=<id>), the home games ahead made into
 * shifts in one action, and each family's hours this season with the admins' excuses. It reads and changes single
 * records through Payload's REST, where the collections' access and rules apply (an editor who coordinates nothing
 * sees no roster), and the domain's typed endpoints for the rest.
 */
export function VolunteersTab() {
  const [params, setParams] = useAddressParams()
  const shift = params.get('shift')
  const isAdmin = useIsAdmin()
  if (shift) return <CheckIn shiftId={shift} onBack={() => setParams({ tab: 'volunteers' })} />
  return (
    <div className="space-y-8">
      <Events onCheckIn={(id) => setParams({ tab: 'volunteers', shift: id })} />
      {isAdmin && <HomeGames />}
      {isAdmin && <Hours />}
    </div>
  )
}

function Events({ onCheckIn }: { onCheckIn: (shiftId: string) => void }) {
  const id = useId()
  const isAdmin = useIsAdmin()
  const me = useSignedInUser()
  const zone = useClubTimeZone() || 'UTC'
  const events = useCms<VolunteerEvent>(EVENTS)
  const ids = events.data?.docs.map((e) => e.id) ?? []
  const shifts = useCms<VolunteerShift>(
    ids.length ? `/cms-api/volunteer-shifts?where[event][in]=${ids.join(',')}&sort=startsAt&limit=500&depth=0` : null,
  )
  const setStatus = (event: VolunteerEvent, status: EventStatus) =>
    act('PATCH', `/cms-api/volunteer-events/${event.id}`, { status }, `${event.title}: ${status}`, 'Could not change the event')
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader
        level={3}
        id={id}
        title="Volunteer events"
        description="Open events are listed on /volunteer. The coordinator of an event (or an admin) reads its roster and checks volunteers in."
        action={
          isAdmin && (
            <a href="/admin/collections/volunteer-events/create" className={buttonClass('secondary', 'sm')}>
              Add an event
            </a>
          )
        }
      />
      <ListState
        what="volunteer events"
        data={events.data?.docs}
        error={events.error}
        isLoading={events.isLoading}
        retry={() => void events.mutate()}
        empty={<EmptyState title="No volunteer events yet" />}
      >
        {(docs) => (
          <ul className="divide-y divide-gray-200" aria-label="Volunteer events">
            {docs.map((event) => {
              const runs = isAdmin || idOf(event.coordinator) === String(me?.id)
              const ofEvent = (shifts.data?.docs ?? []).filter((s) => idOf(s.event) === event.id)
              return (
                <li key={event.id} className="space-y-3 py-4" data-testid="volunteer-event">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold text-gray-900 wrap-anywhere">{event.title}</p>
                      <p className="text-sm text-gray-600">
                        {calendarDayLabel(event.day)} · {event.place}
                        {idOf(event.coordinator) === String(me?.id) && ' · you coordinate it'}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <StatusBadge status={event.status} />
                      {isAdmin &&
                        EVENT_STATUSES.filter((s) => s !== event.status).map((status) => (
                          <Button key={status} size="sm" variant="ghost" onClick={() => void setStatus(event, status)}>
                            {status === 'open' ? 'Open' : status === 'closed' ? 'Close' : status === 'done' ? 'Done' : 'Draft'}
                            <span className="sr-only"> {event.title}</span>
                          </Button>
                        ))}
                      {runs && (
                        <a href={`/api/admin/volunteer/events/${event.id}/roster.csv`} className={buttonClass('ghost', 'sm')} download>
                          Roster (CSV)<span className="sr-only"> of {event.title}</span>
                        </a>
                      )}
                      {isAdmin && (
                        <a href={`/admin/collections/volunteer-events/${event.id}`} className={buttonClass('ghost', 'sm')}>
                          Edit<span className="sr-only"> {event.title}</span>
                        </a>
                      )}
                    </div>
                  </div>
                  <ul className="space-y-2" aria-label={`Shifts of ${event.title}`}>
                    {ofEvent.map((shift) => (
                      <li key={shift.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-gray-50 px-3 py-2">
                        <p className="text-sm text-gray-800">
                          <span className="font-medium">{shift.role}</span> · {shiftTimeLabel(shift.startsAt, shift.endsAt, zone)} ·{' '}
                          {shift.cancelled
                            ? 'cancelled'
                            : `${placesInWords({ open: Math.max(0, shift.capacity - (shift.held ?? 0)), capacity: shift.capacity, waitlist: Math.max(0, (shift.waitlistSize ?? 0) - (shift.waiting ?? 0)) })}${shift.waiting ? `, ${shift.waiting} waiting` : ''}`}
                        </p>
                        {runs && !shift.cancelled && (
                          <Button size="sm" variant="secondary" onClick={() => onCheckIn(shift.id)}>
                            Check in<span className="sr-only"> {shift.role}</span>
                          </Button>
                        )}
                      </li>
                    ))}
                  </ul>
                </li>
              )
            })}
          </ul>
        )}
      </ListState>
    </section>
  )
}

/** The home games ahead that have no volunteer event yet: gate and concession shifts in one action. */
function HomeGames() {
  const id = useId()
  const today = useClubToday()
  const games = useCms<Game>(
    today ? `/cms-api/games?where[isHome][equals]=true&where[gameDate][greater_than_equal]=${today}&sort=gameDate&limit=50&depth=0` : null,
  )
  const withEvent = useGamesWithEvent()
  const taken = withEvent.data
  const ahead = taken && games.data?.docs.filter((g) => !g.cancelled && !taken.has(g.id))
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader
        level={3}
        id={id}
        title="Home games without shifts"
        description="Makes a draft event on the game's day with a gate and a concession shift around tip-off; check it, then open it. A game moved moves its shifts."
      />
      <ListState
        what="home games"
        data={ahead}
        error={games.error}
        isLoading={games.isLoading || withEvent.isLoading}
        retry={() => void games.mutate()}
        empty={<p className="py-4 text-sm text-gray-600">Every home game ahead has its volunteer event.</p>}
      >
        {(docs) => (
          <ul className="divide-y divide-gray-200" aria-label="Home games without shifts">
            {docs.map((game) => (
              <li key={game.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p className="text-sm text-gray-800">
                  <span className="font-medium">vs {game.opponent}</span> · {calendarDayLabel(game.gameDate)} ·{' '}
                  {formatGameTime(game.gameTime)}
                </p>
                <MakeShiftsButton game={game} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  )
}

/** Each family's hours this season, with an excuse (and its reason) for admins, and the CSV. */
function Hours() {
  const id = useId()
  const hours = useSeasonHours('')
  const [excusing, setExcusing] = useState<HouseholdHoursRow | null>(null)
  const season = hours.data?.season
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader
        level={3}
        id={id}
        title={season ? `Hours, ${season.label}` : 'Hours'}
        description="Hours are credited when a volunteer of the household is checked in; the season says what each household owes."
        action={
          season && (
            <a href="/api/admin/volunteer/hours.csv" className={buttonClass('secondary', 'sm')} download>
              Export hours (CSV)
            </a>
          )
        }
      />
      <ListState
        what="hours"
        data={hours.data?.rows}
        error={hours.error}
        isLoading={hours.isLoading}
        retry={() => void hours.mutate()}
        empty={<p className="py-4 text-sm text-gray-600">{season ? 'No households yet.' : 'No season yet: add one in the Members tab.'}</p>}
      >
        {(rows) => (
          <ul className="divide-y divide-gray-200" aria-label="Hours by household">
            {rows.map((row) => (
              <li key={row.householdId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p className="text-sm text-gray-800">
                  <span className="font-medium">{row.household}</span> · {hoursInWords(row)}
                </p>
                <Button size="sm" variant="ghost" onClick={() => setExcusing(row)}>
                  Excuse hours<span className="sr-only"> of {row.household}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {excusing && season && <ExcuseDialog row={excusing} season={season.id} onClose={() => setExcusing(null)} />}
    </section>
  )
}

function ExcuseDialog({ row, season, onClose }: { row: HouseholdHoursRow; season: string; onClose: () => void }) {
  const id = useId()
  const [values, set] = useDialogValues({ hours: '', reason: '' })
  const { pending, submit } = useDialogSubmit(() => {
    const body = { household: row.householdId, season, hours: Number(values.hours), reason: values.reason }
    return act('POST', '/cms-api/volunteer-excusals', body, 'Hours excused', 'Could not excuse the hours')
  }, onClose)
  return (
    <EntityDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Excuse hours of ${row.household}`}
      description="Excused hours count beside those worked, this season only. Say why: the admins read it later."
      submitLabel="Excuse hours"
      pendingLabel="Saving..."
      pending={pending}
      unsaved={Boolean(values.hours || values.reason)}
      onSubmit={() => void submit()}
    >
      <FormField id={`${id}-hours`} label="Hours" required>
        {(props) => <input {...props} type="number" min={0.25} step={0.25} value={values.hours} onChange={set('hours')} />}
      </FormField>
      <FormField id={`${id}-reason`} label="Reason" required>
        {(props) => <input {...props} value={values.reason} maxLength={300} onChange={set('reason')} />}
      </FormField>
    </EntityDialog>
  )
}
