import type { SponsorWall as Wall } from '#shared/sponsorWall'
import { useSponsorWall } from '../api/sponsorWall'

const LEVEL_TITLES: Record<Wall[number]['level'], string> = { gold: 'Gold Sponsors', silver: 'Silver Sponsors', bronze: 'Bronze Sponsors' }

/**
 * "Our Sponsors" on the home page: the businesses whose sponsorship is
 * completed and current, gold first. The server renders it with the page (shared/publicPages.ts); nothing is shown while loading,
 * on an error or when there are none, so the page stays the spec's home page.
 */
export function SponsorWall() {
  const { data: groups } = useSponsorWall()
  if (!groups || groups.length === 0) return null
  return (
    <section id="sponsors" aria-labelledby="sponsors-title" className="section bg-gray-50" data-testid="sponsor-wall">
      <div className="wrap">
        <div className="center-head">
          <p className="eyebrow">Thank you</p>
          <h2 id="sponsors-title" className="section-title">
            Our Sponsors
          </h2>
        </div>
        {groups.map((group) => (
          <div key={group.level} className="mt-10">
            <h3 className="text-center text-xl font-extrabold text-gray-900">{LEVEL_TITLES[group.level]}</h3>
            <ul className="mt-6 flex flex-wrap justify-center gap-6" aria-label={LEVEL_TITLES[group.level]}>
              {group.sponsors.map((sponsor) => {
                const content = (
                  <>
                    {sponsor.logoUrl && <img src={sponsor.logoUrl} alt="" width={160} height={80} className="h-20 w-40 object-contain" />}
                    <span className="font-semibold text-gray-900">{sponsor.name}</span>
                  </>
                )
                return (
                  <li key={sponsor.id} className="flex min-w-48 flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm">
                    {sponsor.website ? (
                      <a
                        href={sponsor.website}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="flex flex-col items-center gap-3 underline-offset-4 hover:underline"
                      >
                        {content}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      content
                    )}
                  </li>
                )
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  )
}
