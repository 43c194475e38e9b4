import { Link } from 'react-router-dom'
import { CLUB } from '../../../lib/club'

export function Hero() {
  return (
    <section id="home" aria-labelledby="hero-title" className="hero scroll-mt-16">
      <div className="wrap hero-inner">
        <p className="hero-badge">
          <span className="dot" aria-hidden="true" />
          {CLUB.school} Girls&apos; Basketball
        </p>
        <h1 id="hero-title" className="hero-title">
          Lady Hawks <span className="text-gold-400">Boosters</span>
        </h1>
        <p className="hero-text">
          Building champions on and off the court. Your support pays for uniforms, camps, travel and scholarships, and
          every gift to our 501(c)(3) is tax-deductible.
        </p>
        <p className="actions">
          <Link to="/donate" className="btn btn-gold btn-lg">
            Donate Now
          </Link>
          <Link to="/sponsor" className="btn btn-light btn-lg">
            Become a Sponsor
          </Link>
        </p>
      </div>
    </section>
  )
}
