import { Icon, type IconName } from '#site/components/ui/Icon.tsx'
import { CLUB } from '#site/lib/club.ts'
import { useSiteText } from '#site/lib/siteText.ts'

const WORK: [IconName, string, string][] = [
  ['shirt', 'Equipment & Uniforms', 'Uniforms, shoes, basketballs and training gear.'],
  ['bus', 'Travel & Tournaments', 'Buses, entry fees and team meals on the road.'],
  ['star', 'Camps & Leadership', 'Summer camps, strength training and leadership days.'],
  ['cap', 'Scholarships & Community', 'Senior scholarships, youth clinics and our banquet.'],
]

export function About() {
  const text = useSiteText()
  return (
    <section id="about" aria-labelledby="about-title" className="section">
      <div className="wrap">
        <div className="two-col">
          <div>
            <p className="eyebrow">About us</p>
            <h2 id="about-title" className="section-title">
              {text['about/title']}
            </h2>
            <p className="about-text">{text['about/description']}</p>
          </div>
          <figure className="mission">
            <p className="eyebrow-light">Our mission</p>
            <blockquote>&ldquo;{text['about/mission']}&rdquo;</blockquote>
            <figcaption>
              Monthly meetings: {CLUB.meetings}, {CLUB.meetingsPlace}. All families welcome.
            </figcaption>
          </figure>
        </div>

        <h3 className="h3 mt-16">What we do</h3>
        <ul className="grid-4 mt-6">
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
