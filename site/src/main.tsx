import { lazy, StrictMode, type ComponentType } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { pageIdFor, type PageId, type RenderedData } from '#shared/publicPages'
import { App, type Pages } from './app/App'
import HomePage from './pages/HomePage'
import { numberedMove } from './app/router'

type PageModule = { default: ComponentType }

// The home page, where most visits start, comes in this file: one request brings all its first paint
// needs to come alive (its download has a budget, docs/SCALING.md). Every other page is its own chunk.
// The admin portal is Payload's admin at /admin (cms/admin), never in this bundle.
const loaders: Record<PageId, () => Promise<PageModule>> = {
  home: () => Promise.resolve({ default: HomePage }),
  donate: () => import('./pages/DonatePage'),
  qrDonate: () => import('./pages/QrDonatePage'),
  sponsor: () => import('./pages/SponsorPage'),
  notFound: () => import('./pages/NotFoundPage'),
  content: () => import('./pages/ContentPage'),
  join: () => import('./features/membership/pages/JoinPage'),
  joinContinue: () => import('./features/membership/pages/ContinuePage'),
  member: () => import('./app/MemberPageWithSections'),
  memberSignIn: () => import('./features/membership/pages/SignInPage'),
  volunteer: () => import('./features/volunteers/pages/VolunteerPage'),
  volunteerManage: () => import('./features/volunteers/pages/ManagePage'),
}

/**
 * A page whose chunk is already here renders at once (hydration must not
 * suspend on the page the server sent); others load on first visit.
 */
const loaded = new Map<PageId, ComponentType>()
const pages = Object.fromEntries(
  (Object.keys(loaders) as PageId[]).map((id) => {
    const Lazy = lazy(loaders[id])
    const Page = () => {
      const Ready = loaded.get(id)
      return Ready ? <Ready /> : <Lazy />
    }
    return [id, Page]
  }),
) as unknown as Pages

function readRenderedData(): RenderedData | null {
  const text = document.getElementById('ssr-data')?.textContent
  return text ? (JSON.parse(text) as RenderedData) : null
}

const root = document.getElementById('root')!
const rendered = readRenderedData()
const app = (data: RenderedData) => (
  <StrictMode>
    <Router aroundNav={numberedMove}>
      <App pages={pages} fallback={data.fallback} posted={data.posted} />
    </Router>
  </StrictMode>
)

/** Tests and tools can tell when the page has become interactive. */
const markInteractive = () => document.documentElement.setAttribute('data-hydrated', 'true')

if (rendered) {
  // The server rendered this page: load its chunk, then take over the HTML as it is.
  const id = pageIdFor(window.location.pathname)
  void loaders[id]().then((module) => {
    loaded.set(id, module.default)
    hydrateRoot(root, app(rendered))
    requestAnimationFrame(markInteractive)
  })
} else {
  createRoot(root).render(app({ fallback: {} }))
  requestAnimationFrame(markInteractive)
}
