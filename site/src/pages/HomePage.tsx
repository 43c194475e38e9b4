import { useEffect } from 'react'
import { deferredSection } from '../components/DeferredSection'
import { PublicLayout } from '../components/layout/PublicLayout'
import { FundraisingSection } from '../features/campaigns/components/FundraisingSection'
import { ContactSection } from '../features/contact/components/ContactSection'
import { QuickDonation } from '../features/donate/components/QuickDonation'
import { About } from '../features/home/components/About'
import { Hero } from '../features/home/components/Hero'
import { TeamSection } from '../features/team/components/TeamSection'
import { keepHashInView } from '../lib/arrival'
import { useDocumentTitle } from '../lib/useDocumentTitle'

// Below the fold, text and plain links only: their code arrives when they come near the screen.
export const SponsorshipSection = deferredSection('sponsorship', () =>
  import('../features/sponsorship/components/SponsorshipSection').then((m) => m.SponsorshipSection),
)
export const UpcomingGames = deferredSection('games', () =>
  import('../features/games/components/UpcomingGames').then((m) => m.UpcomingGames),
)
export const SponsorWall = deferredSection('sponsors', () =>
  import('../features/sponsors/components/SponsorWall').then((m) => m.SponsorWall),
)

/**
 * Arriving at "/#team" (a deep link, or a section link on another page): the section stays at the top while
 * what is above it takes its height (lib/arrival.ts). Links within the page are plain fragment links the
 * browser scrolls smoothly by itself.
 */
function useScrollToHash() {
  useEffect(() => keepHashInView(document.getElementById('main')!), [])
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
      {/* Last, so its arrival never moves a section someone is scrolling to. */}
      <SponsorWall />
    </PublicLayout>
  )
}
