import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { Footer } from './Footer'
import { Header } from './Header'

/** Whether the page showing came from back/forward (or is the visit's first): the browser then restores the scroll itself. */
let byHistory = true
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (byHistory = true))
  // wouter announces its client-side moves with this event.
  window.addEventListener('pushState', () => (byHistory = false))
}

/**
 * Skip link, header, main landmark and footer shared by the public pages.
 * A page opened by a client-side move starts at its top (the router keeps the
 * old scroll position); back/forward and the first page leave the browser's
 * own scroll restoration alone, and a "/#section" link is handled by the home page.
 */
export function PublicLayout({ header = <Header />, children }: { header?: ReactNode; children: ReactNode }) {
  const [pathname] = useLocation()
  useEffect(() => {
    if (!window.location.hash && !byHistory) window.scrollTo(0, 0)
  }, [pathname])

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {header}
      <main id="main">{children}</main>
      <Footer />
    </>
  )
}
