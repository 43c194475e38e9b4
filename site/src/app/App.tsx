import { Suspense, type ComponentType, type ReactNode } from 'react'
import { Route, Routes } from 'react-router-dom'
import { SWRConfig } from 'swr'
import type { PageId } from '#shared/publicPages'
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
  const { home: Home, donate: Donate, qrDonate: QrDonate, sponsor: Sponsor, notFound: NotFound } = pages
  return (
    <SWRConfig value={{ ...swrConfig, fallback }}>
      <ChunkErrorBoundary>
        <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
          <Routes>
            <Route path="/" element={<Home />} />
            <Route path="/donate" element={<Donate />} />
            <Route path="/qr-donate" element={<QrDonate />} />
            <Route path="/sponsor" element={<Sponsor />} />
            {admin && <Route path="/admin" element={admin} />}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </ChunkErrorBoundary>
      <Toaster />
    </SWRConfig>
  )
}
