import { useTeam } from '../api/team'
import { COACH, SEASON_STATS } from '../constants'
import { PlayerCard, PlayerCardSkeleton } from './PlayerCard'

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4'

export function TeamSection() {
  const { data: players, error } = useTeam()
  const stats = [
    ['players', 'Players', players ? players.length : '–'],
    ['wins', 'Wins', SEASON_STATS.wins],
    ['losses', 'Losses', SEASON_STATS.losses],
    ['ranking', 'District Ranking', `#${SEASON_STATS.districtRanking}`],
  ] as const

  return (
    <section id="team" aria-labelledby="team-title" className="section bg-brand-900 text-white">
      <div className="wrap">
        <p className="eyebrow-light">Meet the team</p>
        <h2 id="team-title" className="section-title text-white">
          The Lady Hawks
        </h2>
        <p className="lead text-white/85">
          Student-athletes who work hard in the gym and the classroom. This is the roster your support puts on the floor.
        </p>

        <dl className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
          {stats.map(([id, label, value]) => (
            <div key={id} className="stat">
              <dt>{label}</dt>
              <dd data-testid={`stat-${id}`}>{value}</dd>
            </div>
          ))}
        </dl>

        <div className="panel mt-10 grid gap-6 md:grid-cols-[auto_1fr] md:items-center" data-testid="coach">
          <span className="avatar" aria-hidden="true">
            {COACH.initials}
          </span>
          <div>
            <p className="eyebrow">Head Coach</p>
            <h3 className="h3 mt-1">Coach {COACH.name}</h3>
            <p className="mt-2 text-gray-600">{COACH.bio}</p>
            <ul className="mt-4 flex flex-wrap gap-3">
              <li className="chip">{COACH.yearsExperience} Years Experience</li>
              <li className="chip">{COACH.districtChampionships} District Championship</li>
            </ul>
          </div>
        </div>

        <h3 className="h3 mt-14 mb-6">Roster</h3>
        {error ? (
          <div className="team-box">
            <p>We couldn&apos;t load the roster right now.</p>
            <p>Please try again in a little while.</p>
            <p className="mt-3 text-xs" data-testid="error-detail">
              Details: {error.message}
            </p>
          </div>
        ) : !players ? (
          <div className={GRID}>
            <p role="status" className="sr-only">
              Loading the team…
            </p>
            {[...Array(8).keys()].map((i) => (
              <PlayerCardSkeleton key={i} />
            ))}
          </div>
        ) : players.length ? (
          <ul className={GRID} aria-label="Players">
            {players.map((player) => (
              <li key={player.id}>
                <PlayerCard player={player} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="team-box">
            <p>No team members have been added yet.</p>
            <p>Check back soon to meet our players!</p>
          </div>
        )}
      </div>
    </section>
  )
}
