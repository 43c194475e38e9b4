import { AppLink } from '../../../components/ui/AppLink'
import { CLUB } from '../../../lib/club'

export function Hero() {
  return (
    <section id="home" aria-labelledby="hero-title" className="hero scroll-mt-16">
      <div className="wrap flex min-h-[calc(100svh-4rem)] flex-col justify-center py-20 lg:min-h-[40rem]">
        <p className="hero-badge">
          <span className="size-2 rounded-full bg-gold-400" aria-hidden="true" />
          {CLUB.school} Girls&apos; Basketball
        </p>
        <h1 id="hero-title" className="hero-title">
          Lady Hawks <span className="text-gold-400">Boosters</span>
        </h1>
        <p className="hero-text">
          Building champions on and off the court. Your support pays for uniforms, camps, travel and scholarships, and
          every gift to our 501(c)(3) is tax-deductible.
        </p>
        <p className="mt-10 flex flex-col gap-4 sm:flex-row">
          <AppLink to="/donate" className="btn btn-gold btn-lg">
            Donate Now
          </AppLink>
          <AppLink to="/sponsor" className="btn btn-light btn-lg">
            Become a Sponsor
          </AppLink>
        </p>
        <dl className="hero-stats">
          <div>
            <dt>Season record</dt>
            <dd>18–4</dd>
          </div>
          <div>
            <dt>District ranking</dt>
            <dd>#2</dd>
          </div>
          <div>
            <dt>Tax-deductible</dt>
            <dd>100%</dd>
          </div>
        </dl>
      </div>
    </section>
  )
}
