/**
 * How the page showing was reached: by a client-side move (a link inside the app), or by back/forward or as the
 * visit's first page, where the browser places the scroll itself.
 */
let byHistory = true
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (byHistory = true))
  // wouter announces its client-side moves with this event.
  window.addEventListener('pushState', () => (byHistory = false))
}

export const arrivedByHistory = () => byHistory

/** Set by src/boot.ts on the visitor's every scroll, tap or key press (from the page's first bytes on). */
const VISITOR_INPUT = 'data-visitor-input'

/**
 * Keeps "/#section" at the top of the screen from the arrival until the visitor scrolls, taps or presses a key:
 * lists and deferred sections above it can take their height after the first jump (a client-side move renders
 * them as they arrive), which would leave the visitor somewhere else. On the server's page the browser has made
 * the first jump; if the visitor has moved before the code arrived, their place is kept.
 */
export function keepHashInView(main: HTMLElement): () => void {
  const id = decodeURIComponent(window.location.hash.slice(1))
  const target = id ? document.getElementById(id) : null
  const root = document.documentElement
  // The tap that brought the visitor here by a client-side move is not a move away.
  if (!byHistory) root.removeAttribute(VISITOR_INPUT)
  if (!target || root.hasAttribute(VISITOR_INPUT)) return () => {}
  const sizes = new ResizeObserver(() => {
    if (root.hasAttribute(VISITOR_INPUT)) sizes.disconnect()
    else target.scrollIntoView({ behavior: 'instant', block: 'start' })
  })
  // Called at once on observing, and on each change of the page's height.
  sizes.observe(main)
  return () => sizes.disconnect()
}
