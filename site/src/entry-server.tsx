import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import type { PublicConfig } from '#shared/publicConfig'
import type { PostedForm } from '#shared/publicPages'
import type { SsrModule } from '#shared/ssr'
import { App, type Pages } from './app/App'
import { DeferredSectionsProvider } from './components/DeferredSection'
import { UpcomingGames } from './features/games/components/UpcomingGames'
import { SponsorWall } from './features/sponsors/components/SponsorWall'
import { SponsorshipSection } from './features/sponsorship/components/SponsorshipSection'
import { setPublicConfig } from './lib/config'
import ContentPage from './pages/ContentPage'
import DonatePage from './pages/DonatePage'
import HomePage from './pages/HomePage'
import NotFoundPage from './pages/NotFoundPage'
import QrDonatePage from './pages/QrDonatePage'
import SponsorPage from './pages/SponsorPage'
import JoinPage from './features/membership/pages/JoinPage'
import ContinuePage from './features/membership/pages/ContinuePage'
import SignInPage from './features/membership/pages/SignInPage'
import ManagePage from './features/volunteers/pages/ManagePage'
import VolunteerPage from './features/volunteers/pages/VolunteerPage'
import MemberPage from './app/MemberPageWithSections'

import { jsonForHtml, pageHead } from './app/head'

export { jsonForHtml, pageHead }

/**
 * Server rendering of a public page (cms/site/pages.ts): the same App as the
 * browser, with the pages imported directly and the data the server loaded
 * as SWR's fallback, so the HTML holds the content and hydration matches it.
 */
const pages: Pages = {
  home: HomePage,
  donate: DonatePage,
  qrDonate: QrDonatePage,
  sponsor: SponsorPage,
  notFound: NotFoundPage,
  content: ContentPage,
  join: JoinPage,
  joinContinue: ContinuePage,
  member: MemberPage,
  memberSignIn: SignInPage,
  volunteer: VolunteerPage,
  volunteerManage: ManagePage,
}
/** The sections the browser hydrates later (components/DeferredSection.tsx), rendered here at once. */
const deferredSections = { sponsorship: SponsorshipSection, games: UpcomingGames, sponsors: SponsorWall }

export function configure(config: PublicConfig) {
  setPublicConfig(config)
}

export function render(url: string, fallback: Record<string, unknown>, posted?: PostedForm): string {
  return renderToString(
    <StrictMode>
      <Router ssrPath={url}>
        <DeferredSectionsProvider value={deferredSections}>
          <App pages={pages} fallback={fallback} posted={posted} />
        </DeferredSectionsProvider>
      </Router>
    </StrictMode>,
  )
}

// The interface the server imports this module by (shared/ssr.ts): a change on either side fails the type check.
const _exports: SsrModule = { configure, render, pageHead, jsonForHtml }
