import type { AnchorHTMLAttributes, ReactNode } from 'react'

/**
 * A control that is a link before the page's code runs (or without it) and a button after:
 * `href` is where it leads on its own (a page the server renders with the choice made, or a
 * way to give that needs no script), `onPress` what it does once the code runs. Announced as
 * a button throughout, so it reads the same before and after; Space presses it as it does a button.
 */
export function LinkButton({
  href,
  onPress,
  children,
  ...rest
}: { href: string; onPress: (event: React.SyntheticEvent<HTMLAnchorElement>) => void; children: ReactNode } & Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'onClick' | 'onKeyDown' | 'role'
>) {
  return (
    <a
      {...rest}
      href={href}
      role="button"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        onPress(event)
      }}
      onKeyDown={(event) => {
        if (event.key !== ' ') return
        event.preventDefault()
        onPress(event)
      }}
    >
      {children}
    </a>
  )
}
