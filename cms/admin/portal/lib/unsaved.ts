import { useEffect, useId } from 'react'

/**
 * Which of the portal's forms hold typing not saved yet (a Content field changed but not updated, an open dialog
 * with changes). Leaving the tab asks first (Dashboard), so does closing the dialog (EntityDialog), and so does
 * leaving the page (beforeunload, while any is held here).
 */
const unsaved = new Set<string>()

const warnOnUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault()
  // Older browsers show the prompt only when a value is set.
  event.returnValue = ''
}

/** Registers the caller while `dirty`; forgets it when clean or unmounted. */
export function useUnsaved(dirty: boolean) {
  const id = useId()
  useEffect(() => {
    if (!dirty) return
    unsaved.add(id)
    if (unsaved.size === 1) window.addEventListener('beforeunload', warnOnUnload)
    return () => {
      unsaved.delete(id)
      if (unsaved.size === 0) window.removeEventListener('beforeunload', warnOnUnload)
    }
  }, [dirty, id])
}

export const LEAVE_QUESTION = 'Some changes are not saved yet. Leave without saving them?'

/** True when nothing is unsaved, or the person agrees to drop it. */
export const mayLeave = (question = LEAVE_QUESTION) => unsaved.size === 0 || window.confirm(question)
