import { Link } from 'wouter'
import { plainPrice } from '#shared/tiers'
import { useTiers } from '../tiers'
import { BenefitList } from './BenefitList'

/**
 * The home page's tiers, from their records (shared/tiers.ts): names in capitals, prices as "$1200".
 * A level no record names shows the spec's home-page reading (`home`).
 */
export function SponsorshipSection() {
  const tiers = useTiers()
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
          {tiers.map(({ level: id, amount, popular, ...tier }) => {
            const { name, benefits } = tier.home ?? tier
            return (
              <li key={id} data-testid={`home-tier-${id}`} className={popular ? 'tier popular' : 'tier'}>
                {popular && <span className="ribbon">POPULAR</span>}
                <h3 className="uppercase">{name}</h3>
                <p className="price">{plainPrice(amount)}</p>
                <BenefitList benefits={benefits} />
                <Link to={`/sponsor?tier=${id}`} className={popular ? 'btn btn-gold' : 'btn btn-primary'}>
                  Choose {name}
                  <span className="sr-only"> sponsorship</span>
                </Link>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
