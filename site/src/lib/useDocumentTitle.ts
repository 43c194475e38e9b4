import { useEffect } from 'react'

const SITE = 'Lady Hawks Boosters'

/** Each route names itself in the tab and for screen readers (WCAG 2.4.2). */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : `${SITE} | Girls' Basketball Booster Club`
  }, [title])
}
