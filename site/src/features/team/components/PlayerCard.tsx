import type { Player } from '../api/team'

export function PlayerCard({ player }: { player: Player }) {
  return (
    <article className="player">
      {/* Only when the roster's privacy allows it: otherwise the server never sends the URL (shared/roster.ts).
          The name is the card's heading, just below: the photo adds no words. Its box is the CSS's 4:3 (.player .photo). */}
      {player.imageUrl && <img className="photo" src={player.imageUrl} loading="lazy" alt="" />}
      <header>
        <span className="jersey" aria-hidden="true">
          {player.number}
        </span>
        <div className="min-w-0">
          <h4>{player.name}</h4>
          <p>
            <span className="sr-only">Number {player.number}, </span>
            {player.position}
          </p>
        </div>
      </header>
      <p className="mt-1">
        Grade <strong>{player.grade}</strong>
        {player.height && (
          <>
            {' · '}Height <strong>{player.height}</strong>
          </>
        )}
      </p>
      {player.bio && <p className="bio">{player.bio}</p>}
    </article>
  )
}

/**
 * Same size as a PlayerCard, so the roster does not jump when it arrives.
 * Two rows of four from 1024 px, four cards on narrower screens.
 */
export function PlayerCardSkeleton({ wide }: { wide: boolean }) {
  return (
    <div className={wide ? 'player skeleton max-lg:hidden' : 'player skeleton'} aria-hidden="true" data-testid="player-skeleton">
      <span className="size-14 rounded-full" />
      <span className="w-3/4" />
      <span className="w-1/2" />
      <span />
    </div>
  )
}
