import { Link } from 'wouter'
import { useSiteText } from '#site/lib/siteText.ts'

/** The last word of the title in gold ("Lady Hawks <gold>Boosters</gold>"). */
function Title({ text }: { text: string }) {
  const split = text.lastIndexOf(' ')
  if (split < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, split)} <span className="text-gold-400">{text.slice(split + 1)}</span>
    </>
  )
}

export function Hero() {
  const text = useSiteText()
  return (
    <section id="home" aria-labelledby="hero-title" className="hero scroll-mt-16">
      <div className="wrap hero-inner">
        <p className="hero-badge">
          <span className="dot" aria-hidden="true" />
          {text['hero/subtitle']}
        </p>
        <h1 id="hero-title" className="hero-title">
          <Title text={text['hero/title']} />
        </h1>
        <p className="hero-text">{text['hero/description']}</p>
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
