import { useEffect, useId } from 'react'

/**
 * Which of the portal's forms hold typing not saved yet (a Content field changed but not updated, an open dialog
 * with changes). Leaving the tab asks first (Dashboard), so does closing the dialog (EntityDialog), and so does
 * leaving the page: a reload or a typed address (beforeunload), and a link out of the portal, such as Payload's side
 * menu or a card's link to Payload's page (askBeforeFollowing), while any is held here.
 */
const unsaved = new Set<string>()

export const LEAVE_QUESTION = 'Some changes are not saved yet. Leave without saving them?'

const warnOnUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault()
  // Older browsers show the prompt only when a value is set.
  event.returnValue = ''
}

/**
 * Payload's menu links are Next.js links: they change the page without unloading it, so beforeunload never asks.
 * Listening on the document while capturing runs before React's own handlers (on the root below it): a "no" stops
 * the link there. A link opened in another tab or window leaves nothing, so it is let through.
 */
const askBeforeFollowing = (event: MouseEvent) => {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download') || event.button !== 0) return
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const to = new URL(link.href, window.location.href)
  if (to.pathname === window.location.pathname && to.search === window.location.search) return
  // A "yes" is the answer for this leave: a plain link's unload does not ask a second time.
  if (window.confirm(LEAVE_QUESTION)) return window.removeEventListener('beforeunload', warnOnUnload)
  event.preventDefault()
  event.stopPropagation()
}

/** Registers the caller while `dirty`; forgets it when clean or unmounted. */
export function useUnsaved(dirty: boolean) {
  const id = useId()
  useEffect(() => {
    if (!dirty) return
    unsaved.add(id)
    if (unsaved.size === 1) {
      window.addEventListener('beforeunload', warnOnUnload)
      document.addEventListener('click', askBeforeFollowing, true)
    }
    return () => {
      unsaved.delete(id)
      if (unsaved.size === 0) {
        window.removeEventListener('beforeunload', warnOnUnload)
        document.removeEventListener('click', askBeforeFollowing, true)
      }
    }
  }, [dirty, id])
}

/** True when nothing is unsaved, or the person agrees to drop it. */
export const mayLeave = (question = LEAVE_QUESTION) => unsaved.size === 0 || window.confirm(question)
