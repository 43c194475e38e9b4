import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }

/**
 * An in-app link: a real <a href> (open in new tab, copy link and crawlers
 * work) whose plain left click navigates client-side. Used instead of
 * react-router's <Link>, which also ships framework-mode prefetching that
 * costs ~3 KB gzipped of every public page's initial JavaScript (budget: 100 KB).
 */
export function AppLink({ to, onClick, ...rest }: Props) {
  const navigate = useNavigate()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || rest.target) return
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    navigate(to)
  }
  return <a href={to} {...rest} onClick={handleClick} />
}
