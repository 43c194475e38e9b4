import { Link } from 'wouter'
import { Icon, type IconName } from '#site/components/ui/Icon.tsx'
import { useClubLinks } from '#site/lib/config.ts'

const linkClass = 'link mt-4 w-fit'

type Way = { title: string; text: string; action: React.ReactNode; icon: IconName }

/** /donate (docs/PRODUCT.md, Routes): monthly giving, corporate sponsorship, equipment donations, volunteer support. */
export function OtherWaysToSupport() {
  const { givingPlatformUrl } = useClubLinks()
  const ways: Way[] = [
    {
      title: 'Monthly Giving',
      text: 'A small gift every month keeps the program steady all year: $10 a month covers a player’s tournament fees.',
      icon: 'repeat',
      action: givingPlatformUrl ? (
        <a href={givingPlatformUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Start monthly giving<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null,
    },
    {
      title: 'Corporate Sponsorship',
      text: 'Businesses get ad spots, program listings and game-day announcements in front of local families.',
      icon: 'building',
      action: (
        <Link to="/sponsor" className={linkClass}>
          See sponsorship levels
        </Link>
      ),
    },
    {
      title: 'Equipment Donations',
      text: 'New basketballs, warm-ups, a rebounder or first-aid supplies: we gladly accept gear the team needs.',
      icon: 'ball',
      action: (
        <Link to="/#contact" className={linkClass}>
          Contact us about gear
        </Link>
      ),
    },
    {
      title: 'Volunteer Support',
      text: 'Run the concession stand, keep the scoreboard or help at fundraisers. Every hour makes a difference.',
      icon: 'users',
      action: (
        <Link to="/#contact" className={linkClass}>
          Get involved
        </Link>
      ),
    },
  ]

  return (
    <section aria-labelledby="other-ways-title" className="section">
      <div className="wrap">
        <p className="eyebrow">More than money</p>
        <h2 id="other-ways-title" className="section-title">
          Other Ways to Support
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ways.map((way) => (
            <li key={way.title} className="tile flex flex-col bg-white">
              <span className="icon-tile">
                <Icon name={way.icon} />
              </span>
              <h3>{way.title}</h3>
              <p className="flex-1">{way.text}</p>
              {way.action}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
