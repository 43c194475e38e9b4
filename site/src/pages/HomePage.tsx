import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { PublicLayout } from '../components/layout/PublicLayout'
import { FundraisingSection } from '../features/campaigns/components/FundraisingSection'
import { ContactSection } from '../features/contact/components/ContactSection'
import { QuickDonation } from '../features/donate/components/QuickDonation'
import { UpcomingGames } from '../features/games/components/UpcomingGames'
import { About } from '../features/home/components/About'
import { Hero } from '../features/home/components/Hero'
import { SponsorshipSection } from '../features/sponsorship/components/SponsorshipSection'
import { TeamSection } from '../features/team/components/TeamSection'
import { useDocumentTitle } from '../lib/useDocumentTitle'

/** Arriving from another page at "/#team": the sections exist only once this chunk has rendered. */
function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' })
  }, [hash])
}

export default function HomePage() {
  useDocumentTitle()
  useScrollToHash()
  return (
    <PublicLayout>
      <Hero />
      <About />
      <FundraisingSection />
      <SponsorshipSection />
      <div className="px-4 pb-20 sm:px-6">
        <QuickDonation id="quick-donation" />
      </div>
      <TeamSection />
      <UpcomingGames />
      <ContactSection />
    </PublicLayout>
  )
}
