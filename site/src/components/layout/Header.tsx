import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import { Icon } from '../ui/Icon'
import { Logo } from './Logo'

const NAV_ITEMS = [
  ['home', 'Home'],
  ['about', 'About'],
  ['fundraising', 'Fundraising'],
  ['team', 'Team'],
  ['contact', 'Contact'],
] as const

/**
 * A link to a section of the home page. On the home page it is a plain
 * fragment link: the browser scrolls smoothly (html { scroll-behavior: smooth })
 * and moves keyboard focus along. Elsewhere it routes to "/#id" and the home
 * page scrolls there once it has rendered.
 */
export function SectionLink({ id, ...rest }: { id: string; className?: string; onClick?: () => void; children: React.ReactNode }) {
  return useLocation()[0] === '/' ? <a href={`#${id}`} {...rest} /> : <Link to={`/#${id}`} {...rest} />
}

function NavList({ id, onChoose }: { id?: string; onChoose?: () => void }) {
  return (
    <ul id={id} className="nav-list">
      {NAV_ITEMS.map(([section, label]) => (
        <li key={section}>
          <SectionLink id={section} onClick={onChoose} className="nav-link">
            {label}
          </SectionLink>
        </li>
      ))}
    </ul>
  )
}

/**
 * Site header (docs/PRODUCT.md, Routes). Below 768 px the navigation collapses behind a menu:
 * a <details> disclosure, so it opens and closes before and without the page's code (a tap
 * in the first second is not lost, e2e/public-nojs.test.ts). The code adds what a disclosure
 * lacks: choosing a section or Escape closes it, Escape returning focus to the toggle. From 768 px
 * the same links show in a row (the two lists are never shown together).
 */
export function Header() {
  const menu = useRef<HTMLDetailsElement>(null)
  // The element's own state, never React's: a menu opened before hydration stays open.
  const close = () => {
    if (menu.current) menu.current.open = false
  }
  const donate = (
    <Link to="/donate" onClick={close} className="donate-pill">
      Donate
    </Link>
  )

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !menu.current?.open) return
      menu.current.open = false
      menu.current.querySelector('summary')?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <header className="site-header">
      <div className="wrap">
        <SectionLink id="home" className="rounded-lg" onClick={close}>
          <Logo />
          <span className="sr-only">, home</span>
        </SectionLink>

        {/* Visual order = focus order: this Donate shows below 768 px, the one after the nav from 768 px. */}
        <div className="mobile-bar">
          {donate}
          <details ref={menu} className="menu">
            <summary className="menu-toggle">
              <span className="sr-only">Menu</span>
              <Icon name="menu" className="size-6 menu-closed" />
              <Icon name="close" className="size-6 menu-opened" />
            </summary>
            <nav aria-label="Main">
              <NavList id="site-menu" onChoose={close} />
            </nav>
          </details>
        </div>

        <nav aria-label="Main" className="desktop-nav">
          <NavList />
        </nav>
        <div className="hidden md:block">{donate}</div>
      </div>
    </header>
  )
}
