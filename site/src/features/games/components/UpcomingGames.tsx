import type { ScheduleGame } from '#shared/games'
import { useSchedule } from '../api/schedule'

function GameCard({ game }: { game: ScheduleGame }) {
  const when = `${game.weekday ? `${game.weekday}, ` : ''}${game.month} ${game.day}${game.year ? `, ${game.year}` : ''} · ${game.time}`
  return (
    <li className={game.cancelled ? 'game cancelled' : 'game'} data-testid="game">
      <p className="game-date">
        <span>{game.month}</span>
        {game.day}
        {game.year && <span data-testid="game-year">{game.year}</span>}
      </p>
      <div className="min-w-0">
        <p className="flex flex-wrap gap-2">
          <span className={`badge ${game.isHome ? 'bg-brand-100' : 'bg-gray-100'}`}>{game.isHome ? 'Home' : 'Away'}</span>
          {game.cancelled && <span className="badge bg-red-100 text-red-900">Cancelled</span>}
          {game.result && (
            <span className="badge bg-gold-300" data-testid="game-result">
              {game.result.outcome} {game.result.ours}-{game.result.theirs}
            </span>
          )}
        </p>
        <h3>
          {game.isHome ? 'vs' : 'at'} {game.opponent}
        </h3>
        <p>
          {game.date ? <time dateTime={game.date}>{when}</time> : when}
          <br />
          {game.location}
        </p>
        {game.note && <p className="note">{game.note}</p>}
      </div>
    </li>
  )
}

/** The next games and the latest finals from the schedule; the built-in three while it is empty. */
export function UpcomingGames() {
  const { upcoming, recent } = useSchedule()
  return (
    <section id="games" aria-labelledby="games-title" className="section bg-white">
      <div className="wrap">
        <p className="eyebrow">Pack the gym</p>
        <h2 id="games-title" className="section-title">
          Upcoming Games
        </h2>
        <p className="lead">Come cheer on the Lady Hawks, at home and on the road. Wear green and gold!</p>
        {upcoming.length ? (
          <ul className="grid-3 mt-10" aria-label="Upcoming games">
            {upcoming.map((game) => (
              <GameCard key={game.id} game={game} />
            ))}
          </ul>
        ) : (
          <p className="mt-10 text-gray-700">No upcoming games are scheduled right now. Check back soon!</p>
        )}
        {recent.length > 0 && (
          <>
            <h3 className="h3 mt-14 mb-6">Recent Results</h3>
            <ul className="grid-3" aria-label="Recent results">
              {recent.map((game) => (
                <GameCard key={game.id} game={game} />
              ))}
            </ul>
          </>
        )}
        <p className="mt-10">
          <a href="/api/schedule.ics" className="link" download="lady-hawks-schedule.ics">
            Add the season to your calendar (.ics)
          </a>
        </p>
      </div>
    </section>
  )
}
