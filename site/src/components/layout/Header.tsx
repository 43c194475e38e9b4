import { useEffect, useRef, useState } from 'react'
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

/**
 * Site header (docs/PRODUCT.md, Routes). Below 768 px the navigation collapses behind a menu
 * button (aria-expanded/aria-controls); Escape closes it and returns focus.
 */
export function Header() {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const close = () => setOpen(false)
  const donate = (
    <Link to="/donate" onClick={close} className="donate-pill">
      Donate
    </Link>
  )

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        toggle.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

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
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="site-menu"
            onClick={() => setOpen(!open)}
          >
            <span className="sr-only">Menu</span>
            <Icon name={open ? 'close' : 'menu'} />
          </button>
        </div>

        <nav aria-label="Main">
          <ul id="site-menu" className={open ? 'nav-list open' : 'nav-list'}>
            {NAV_ITEMS.map(([id, label]) => (
              <li key={id}>
                <SectionLink id={id} onClick={close} className="nav-link">
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden md:block">{donate}</div>
      </div>
    </header>
  )
}
