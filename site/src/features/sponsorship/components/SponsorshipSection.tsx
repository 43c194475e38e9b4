import { Link } from 'wouter'
import { HOME_TIERS } from '../tiers'
import { BenefitList } from './BenefitList'

/** The home page's three tiers (docs/PRODUCT.md, Constants, home page reading). */
export function SponsorshipSection() {
  return (
    <section id="sponsorship" aria-labelledby="sponsorship-title" className="section">
      <div className="wrap">
        <div className="center-head">
          <p className="eyebrow">Business sponsorship</p>
          <h2 id="sponsorship-title" className="section-title">
            Sponsorship Opportunities
          </h2>
          <p className="lead">
            Put your business in front of hundreds of local families at every home game, and help our players compete. Sponsorships are
            tax-deductible.
          </p>
        </div>

        <ul className="grid-3 mt-12">
          {HOME_TIERS.map(({ id, name, amount, benefits, popular }) => (
            <li key={id} data-testid={`home-tier-${id}`} className={popular ? 'tier popular' : 'tier'}>
              {popular && <span className="ribbon">POPULAR</span>}
              <h3>{name}</h3>
              <p className="price">${amount}</p>
              <BenefitList benefits={benefits} />
              <Link to={`/sponsor?tier=${id}`} className={popular ? 'btn btn-gold' : 'btn btn-primary'}>
                Choose {name}
                <span className="sr-only"> sponsorship</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
