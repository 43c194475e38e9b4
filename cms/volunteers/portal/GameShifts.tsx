import useSWR from 'swr'
import { Button } from '#portal/components/Button.tsx'
import { useClubToday, useIsAdmin } from '#portal/lib/session.ts'
import type { AdminGame } from '#shared/api'
import type { VolunteerEvent } from '../../payload-types'
import { act } from './actions'

/** The games that already have their volunteer event (one read, shared by every row that asks). */
export function useGamesWithEvent() {
  const linked = useSWR<{ docs: VolunteerEvent[] }>('/cms-api/volunteer-events?where[game][exists]=true&limit=500&depth=0')
  const games = linked.data?.docs.map((e) => (e.game && typeof e.game === 'object' ? e.game.id : e.game))
  return { data: games && new Set(games.map(String)), isLoading: linked.isLoading }
}

/** "Make gate and concession shifts for this home game": one action (admins), in the Volunteers tab and on the game's row. */
export function MakeShiftsButton({ game }: { game: { id: string; opponent: string } }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() =>
        void act(
          'POST',
          `/api/admin/volunteer/games/${game.id}/shifts`,
          undefined,
          'Shifts made: open the event in the Volunteers tab when ready',
          'Could not make the shifts',
        )
      }
    >
      Make gate and concession shifts<span className="sr-only"> for the game vs {game.opponent}</span>
    </Button>
  )
}

/** On the Games tab: the action for a home game ahead, not cancelled, that has no volunteer event yet. */
export function GameShiftsAction({ game }: { game: AdminGame }) {
  const isAdmin = useIsAdmin()
  const today = useClubToday()
  const withEvent = useGamesWithEvent()
  const offered =
    isAdmin && game.isHome && !game.cancelled && today && game.gameDate >= today && withEvent.data && !withEvent.data.has(game.id)
  return offered ? <MakeShiftsButton game={game} /> : null
}
