import { useTeam } from '../api/team'
import { useSiteText } from '#site/lib/siteText.ts'
import { PlayerCard, PlayerCardSkeleton } from './PlayerCard'

const GRID = 'grid-4 gap-5'

export function TeamSection() {
  const { data: players, error } = useTeam()
  const text = useSiteText()
  const ranking = text['stats/ranking']
  const stats = [
    ['players', 'Players', players ? players.length : '–'],
    ['wins', 'Wins', text['stats/wins']],
    ['losses', 'Losses', text['stats/losses']],
    ['ranking', 'District Ranking', /^\d+$/.test(ranking) ? `#${ranking}` : ranking],
  ] as const
  const coachName = text['coach/name']
  const photo = text['coach/photo']
  const initials = coachName
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase()
  const championships = text['coach/championships']

  return (
    <section id="team" aria-labelledby="team-title" className="section dark">
      <div className="wrap">
        <p className="eyebrow-light">Meet the team</p>
        <h2 id="team-title" className="section-title">
          The Lady Hawks
        </h2>
        <p className="lead">
          Student-athletes who work hard in the gym and the classroom. This is the roster your support puts on the floor.
        </p>

        <dl className="stats">
          {stats.map(([id, label, value]) => (
            <div key={id} className="stat">
              <dt>{label}</dt>
              <dd data-testid={`stat-${id}`}>{value}</dd>
            </div>
          ))}
        </dl>

        <div className="panel coach" data-testid="coach">
          {photo ? (
            <img className="avatar object-cover" src={photo} width={96} height={96} alt={`Coach ${coachName}`} />
          ) : (
            <span className="avatar" aria-hidden="true">
              {initials}
            </span>
          )}
          <div>
            <p className="eyebrow">Head Coach</p>
            <h3 className="h3">Coach {coachName}</h3>
            <p>{text['coach/bio']}</p>
            <ul className="chips">
              <li>{text['coach/years']} Years Experience</li>
              <li>
                {championships} District Championship{championships === '1' ? '' : 's'}
              </li>
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
              <PlayerCardSkeleton key={i} wide={i > 3} />
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
