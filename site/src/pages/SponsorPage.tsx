import type { MouseEvent } from 'react'
import { useLocation } from 'wouter'
import { historyIndex } from '../app/router'
import { PublicLayout } from '../components/layout/PublicLayout'
import { SponsorSignup } from '../features/sponsorship/components/SponsorSignup'
import { useDocumentTitle } from '../lib/useDocumentTitle'

function SponsorHeader() {
  const [, navigate] = useLocation()
  // "Back to Home" is a link to / (it works before and without the page's code); the code makes it
  // go back in history when the previous page is one of ours: an earlier entry of this visit
  // (app/router.ts), or the page that linked here by a full page load (same-origin referrer).
  // Otherwise going back would leave the site, so it goes home instead.
  const goBack = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    const fromOurPage = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin
    if (historyIndex() > 0 || fromOurPage) window.history.back()
    else navigate('/')
  }
  return (
    <header className="hero">
      <div className="wrap pt-6 pb-16">
        <a href="/" onClick={goBack} className="btn min-h-11 bg-white/10 py-2 text-sm ring-1 ring-white/25 hover:bg-white/20">
          <span aria-hidden="true">←</span> Back to Home
        </a>
        <div className="page-hero mt-10">
          <p className="eyebrow-light">Business sponsorship</p>
          <h1>Become a Sponsor</h1>
          <p>
            Partner with the Lady Hawks and put your business in front of hundreds of local families all season long. Your sponsorship funds
            uniforms, travel and training, and it&apos;s tax-deductible.
          </p>
        </div>
      </div>
    </header>
  )
}

export default function SponsorPage() {
  useDocumentTitle('Become a Sponsor')
  return (
    <PublicLayout header={<SponsorHeader />}>
      <div className="bg-gray-50">
        <SponsorSignup />
      </div>
    </PublicLayout>
  )
}
