import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { arrivedByHistory } from '../../lib/arrival'
import { Footer } from './Footer'
import { Header } from './Header'

/**
 * Skip link, header, main landmark and footer shared by the public pages.
 * A page opened by a client-side move starts at its top (the router keeps the
 * old scroll position); back/forward and the first page leave the browser's
 * own scroll restoration alone, and a "/#section" link is handled by the home page.
 */
export function PublicLayout({ header = <Header />, children }: { header?: ReactNode; children: ReactNode }) {
  const [pathname] = useLocation()
  useEffect(() => {
    if (!window.location.hash && !arrivedByHistory()) window.scrollTo(0, 0)
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
