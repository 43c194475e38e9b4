import { Suspense, type ComponentType, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { normalizePath, pageIdFor, type PageId } from '#shared/publicPages'
import { Toaster } from '../components/ui/toast'
import { swrConfig } from '../lib/swr'
import { ChunkErrorBoundary } from './ChunkErrorBoundary'

export type Pages = Record<PageId, ComponentType>

/**
 * The site's routes, inside the router the caller chooses (BrowserRouter in
 * the browser, StaticRouter on the server). `pages` are the public pages:
 * loaded on demand in the browser, imported directly on the server. `admin`
 * exists only in the browser, so no visitor's page ever includes admin code.
 * `fallback` is the data the server rendered the page with (SWR keys).
 */
export function App({ pages, admin, fallback }: { pages: Pages; admin?: ReactNode; fallback: Record<string, unknown> }) {
  // One map from paths to pages (shared/publicPages.ts) serves the server, the browser and this switch.
  const { pathname } = useLocation()
  const Page = pages[pageIdFor(pathname)]
  return (
    <SWRConfig value={{ ...swrConfig, fallback }}>
      <ChunkErrorBoundary>
        <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
          {admin && normalizePath(pathname) === '/admin' ? admin : <Page />}
        </Suspense>
      </ChunkErrorBoundary>
      <Toaster />
    </SWRConfig>
  )
}
