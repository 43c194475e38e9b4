import { createContext, lazy, Suspense, use, type ComponentType } from 'react'

/**
 * Sections the server renders in full but whose code the browser fetches only
 * when they come near the screen: below-the-fold blocks of text and plain
 * links (the games schedule, the sponsor wall), which read and work without
 * JavaScript. Until then React keeps the server's HTML as it is (a Suspense
 * boundary waiting to hydrate), so nothing moves; the page's first download
 * stays small (e2e/public-quality.test.ts budget).
 *
 * The server renders the same boundary with the section itself, given by
 * site/src/entry-server.tsx through DeferredSections, so hydration matches.
 */
const DeferredSections = createContext<Record<string, ComponentType> | null>(null)
export const DeferredSectionsProvider = DeferredSections.Provider

/** Resolves once the server-rendered element with this id is near the screen (at once without one, e.g. after a client-side move). */
function nearScreen(id: string): Promise<void> {
  const element = document.getElementById(id)
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        resolve()
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(element)
  })
}

/** A section with `id` (its element's id) whose code `load` brings when needed. */
export function deferredSection(id: string, load: () => Promise<ComponentType>): ComponentType {
  const Later = lazy(() =>
    nearScreen(id)
      .then(load)
      .then((Section) => ({ default: Section })),
  )
  return function DeferredSection() {
    const Now = use(DeferredSections)?.[id]
    return <Suspense fallback={null}>{Now ? <Now /> : <Later />}</Suspense>
  }
}
