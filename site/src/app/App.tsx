import { lazy, Suspense } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { Toaster } from '../components/ui/toast'
import { swrConfig } from '../lib/swr'
import { ChunkErrorBoundary } from './ChunkErrorBoundary'

// Every route is its own chunk. The admin portal is not here: Payload's admin serves it at /admin (cms/admin).
const HomePage = lazy(() => import('../pages/HomePage'))
const DonatePage = lazy(() => import('../pages/DonatePage'))
const QrDonatePage = lazy(() => import('../pages/QrDonatePage'))
const SponsorPage = lazy(() => import('../pages/SponsorPage'))
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'))
const ContentPage = lazy(() => import('../pages/ContentPage'))

export function App() {
  return (
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <ChunkErrorBoundary>
          <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="/donate" element={<DonatePage />} />
              <Route path="/qr-donate" element={<QrDonatePage />} />
              <Route path="/sponsor" element={<SponsorPage />} />
              <Route path="/:slug" element={<ContentPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </ChunkErrorBoundary>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  )
}
