import { createEvents, type EventAttributes } from 'ics'
import { parseGameTime, sortGames, zonedTimeToUtc, type StoredGame } from '#shared/games'
import { env } from '../env'

/** A game lasts about two hours; the feed needs an end. */
const GAME_MINUTES = 120

/**
 * The season as an RFC 5545 calendar (GET /api/schedule.ics). Times are UTC,
 * converted from the wall-clock time in the club's time zone; a game whose
 * time is not a clock time becomes an all-day event. UIDs are the record ids,
 * so calendar apps update a game in place when it changes.
 */
export function scheduleCalendar(games: StoredGame[], clubName: string): string {
  const host = new URL(env.SERVER_URL).hostname
  const events: EventAttributes[] = sortGames(games).map((game) => {
    const minutes = parseGameTime(game.gameTime)
    const [y, m, d] = game.gameDate.split('-').map(Number)
    const when: Pick<EventAttributes, 'start' | 'startInputType' | 'startOutputType'> & { end?: EventAttributes['start'] } =
      minutes === null
        ? { start: [y, m, d], end: nextDay(y, m, d) }
        : (() => {
            const start = zonedTimeToUtc(game.gameDate, minutes, env.CLUB_TIME_ZONE).getTime()
            return { start, startInputType: 'utc', startOutputType: 'utc', end: start + GAME_MINUTES * 60_000 }
          })()
    const score =
      typeof game.ourScore === 'number' && typeof game.opponentScore === 'number' ? `Final: ${game.ourScore}-${game.opponentScore}` : null
    return {
      ...when,
      end: when.end!,
      endInputType: 'utc',
      endOutputType: 'utc',
      uid: `game-${game.id}@${host}`,
      title: `${game.cancelled ? 'CANCELLED: ' : ''}Lady Hawks ${game.isHome === false ? 'at' : 'vs'} ${game.opponent}`,
      description: [game.isHome === false ? 'Away game' : 'Home game', game.note, score].filter(Boolean).join('\n'),
      location: game.location,
      status: game.cancelled ? 'CANCELLED' : 'CONFIRMED',
      ...(game.updatedAt ? { lastModified: Date.parse(game.updatedAt) } : {}),
      timestamp: game.updatedAt ? Date.parse(game.updatedAt) : Date.UTC(y, m - 1, d),
    } as EventAttributes
  })
  const calendar = { productId: `-//${clubName}//Schedule//EN`, calName: `${clubName} schedule`, method: 'PUBLISH' }
  if (events.length === 0) return emptyCalendar(calendar.productId, calendar.calName)
  const { error, value } = createEvents(events, calendar)
  if (error || !value) throw error ?? new Error('calendar could not be built')
  return value
}

function nextDay(y: number, m: number, d: number): [number, number, number] {
  const next = new Date(Date.UTC(y, m - 1, d + 1))
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()]
}

/** `ics` refuses an empty list; an empty season is still a valid calendar. */
function emptyCalendar(productId: string, calName: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${productId}`,
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${calName}`,
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}
