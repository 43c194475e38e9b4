import { Icon, type IconName } from '../../../components/ui/Icon'
import { CLUB } from '../../../lib/club'

const WORK: [IconName, string, string][] = [
  ['shirt', 'Equipment & Uniforms', 'Game and practice uniforms, shoes for players who need them, basketballs and training gear.'],
  ['bus', 'Travel & Tournaments', 'Bus rides, entry fees and team meals so every player can compete, wherever the games are.'],
  ['star', 'Camps & Leadership', 'Summer camps, strength training and leadership workshops that build players and people.'],
  ['cap', 'Scholarships & Community', 'Senior scholarships, academic awards, youth clinics and our season banquet.'],
]

export function About() {
  return (
    <section id="about" aria-labelledby="about-title" className="section">
      <div className="wrap">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <p className="eyebrow">About us</p>
            <h2 id="about-title" className="section-title">
              More than a game
            </h2>
            <p className="mt-5 text-lg leading-8 text-gray-700">
              {CLUB.name} is the parent-run 501(c)(3) nonprofit behind the {CLUB.school} girls&apos; basketball program:
              Varsity, JV and Freshmen. We raise what school budgets can&apos;t cover, and we show up in the stands.
            </p>
          </div>
          <figure className="rounded-3xl bg-brand-900 p-8 text-white shadow-xl">
            <p className="eyebrow-light">Our mission</p>
            <blockquote className="mt-3 text-xl leading-8 font-semibold">
              &ldquo;To give every player the equipment, training and experiences she needs to grow as an athlete, a student
              and a leader.&rdquo;
            </blockquote>
            <figcaption className="mt-5 text-sm text-white/85">
              Monthly meetings: {CLUB.meetings}, {CLUB.meetingsPlace}. All families welcome.
            </figcaption>
          </figure>
        </div>

        <h3 className="h3 mt-16">What we do</h3>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {WORK.map(([icon, title, text]) => (
            <li key={title} className="tile">
              <span className="icon-tile solid">
                <Icon name={icon} />
              </span>
              <h4>{title}</h4>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
