import { useEffect } from 'react'
import { deferredSection } from '../components/DeferredSection'
import { PublicLayout } from '../components/layout/PublicLayout'
import { useCampaigns } from '../features/campaigns/api/campaigns'
import { FundraisingSection } from '../features/campaigns/components/FundraisingSection'
import { ContactSection } from '../features/contact/components/ContactSection'
import { QuickDonation } from '../features/donate/components/QuickDonation'
import { About } from '../features/home/components/About'
import { Hero } from '../features/home/components/Hero'
import { useTeam } from '../features/team/api/team'
import { TeamSection } from '../features/team/components/TeamSection'
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
 * Arriving at "/#team" (a deep link, or a section link on another page): jump
 * to the section at once, and again when the lists have loaded, since the
 * campaigns and roster above it change height then. Links within the page are
 * plain fragment links the browser scrolls smoothly by itself.
 */
function useScrollToHash(listsLoaded: boolean) {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id) document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' })
  }, [listsLoaded])
}

export default function HomePage() {
  useDocumentTitle()
  // Same keys as the sections' own hooks: SWR shares the data, nothing is fetched twice.
  const campaigns = useCampaigns()
  const team = useTeam()
  useScrollToHash(!campaigns.isLoading && !team.isLoading)
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
