import { Suspense, type ComponentType } from 'react'
import { SWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { pageIdFor, type PageId, type PostedForm } from '#shared/publicPages'
import { Toaster } from '#ui/toast.tsx'
import { PostedFormProvider } from '../lib/postedForm'
import { swrConfig } from '#ui/lib/swr.ts'
import { ChunkErrorBoundary } from './ChunkErrorBoundary'

export type Pages = Record<PageId, ComponentType>

/**
 * The site's routes, inside the router the caller sets up (wouter's Router:
 * the browser's location, or on the server the request's path). `pages` are the public pages:
 * loaded on demand in the browser, imported directly on the server. The admin
 * portal is not here: Payload's admin serves it at /admin (cms/admin).
 * `fallback` is the data the server rendered the page with (SWR keys); `posted`, a form it refused (lib/postedForm.tsx).
 */
export function App({ pages, fallback, posted }: { pages: Pages; fallback: Record<string, unknown>; posted?: PostedForm }) {
  // One map from paths to pages (shared/publicPages.ts) serves the server, the browser and this switch.
  const [pathname] = useLocation()
  const Page = pages[pageIdFor(pathname)]
  return (
    <SWRConfig value={{ ...swrConfig, fallback }}>
      <PostedFormProvider posted={posted}>
        <ChunkErrorBoundary>
          <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
            <Page />
          </Suspense>
        </ChunkErrorBoundary>
      </PostedFormProvider>
      <Toaster />
    </SWRConfig>
  )
}
