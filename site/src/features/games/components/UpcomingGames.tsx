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
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {UPCOMING_GAMES.map((game) => (
            <li key={game.day} className="card flex gap-5 p-5" data-testid="game">
              <p className="game-date">
                <span className="text-xs font-bold tracking-widest text-gold-300 uppercase">Nov</span>
                <span className="text-3xl leading-none font-extrabold">{game.day}</span>
              </p>
              <div>
                <p className="flex gap-2">
                  <span className={`badge ${game.home ? 'bg-brand-100' : 'bg-gray-100'}`}>{game.home ? 'Home' : 'Away'}</span>
                  {'exhibition' in game && <span className="badge bg-gold-300">Exhibition</span>}
                </p>
                <h3 className="mt-2 text-lg font-bold text-gray-900">
                  {game.home ? 'vs' : 'at'} {game.opponent}
                </h3>
                <p className="text-sm text-gray-600">
                  Nov {game.day} · {game.time}
                  <br />
                  {game.place}
                </p>
                {'exhibition' in game && <p className="mt-2 text-sm font-bold text-brand-700">Free admission</p>}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
