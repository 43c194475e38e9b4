import { UPCOMING_GAMES } from '../upcomingGames'

export function UpcomingGames() {
  return (
    <section id="games" aria-labelledby="games-title" className="section bg-white">
      <div className="wrap">
        <p className="eyebrow">Pack the gym</p>
        <h2 id="games-title" className="section-title">
          Upcoming Games
        </h2>
        <p className="lead">Come cheer on the Lady Hawks, at home and on the road. Wear green and gold!</p>
        <ul className="grid-3 mt-10">
          {UPCOMING_GAMES.map((game) => (
            <li key={game.day} className="game" data-testid="game">
              <p className="game-date">
                <span>Nov</span>
                {game.day}
              </p>
              <div>
                <p className="flex gap-2">
                  <span className={`badge ${game.home ? 'bg-brand-100' : 'bg-gray-100'}`}>{game.home ? 'Home' : 'Away'}</span>
                  {'exhibition' in game && <span className="badge bg-gold-300">Exhibition</span>}
                </p>
                <h3>
                  {game.home ? 'vs' : 'at'} {game.opponent}
                </h3>
                <p>
                  Nov {game.day} · {game.time}
                  <br />
                  {game.place}
                </p>
                {'exhibition' in game && <p className="note">Free admission</p>}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
