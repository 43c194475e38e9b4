import { useEffect, type ReactNode } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'
import { Footer } from './Footer'
import { Header } from './Header'

/**
 * Skip link, header, main landmark and footer shared by the public pages.
 * A new page starts at its top (BrowserRouter keeps the old scroll position);
 * back/forward leaves the browser's own scroll restoration alone, and a
 * "/#section" link is handled by the home page.
 */
export function PublicLayout({ header = <Header />, children }: { header?: ReactNode; children: ReactNode }) {
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  useEffect(() => {
    if (!hash && navigationType !== 'POP') window.scrollTo(0, 0)
  }, [pathname, hash, navigationType])

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
