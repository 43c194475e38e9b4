import { useEffect } from 'react'

const SITE = 'Lady Hawks Boosters'

/** "Donate | Lady Hawks Boosters"; the home page's title without a page name. */
export const documentTitle = (title?: string) => (title ? `${title} | ${SITE}` : `${SITE} | Girls' Basketball Booster Club`)

/** Each route names itself in the tab and for screen readers (WCAG 2.4.2); the server writes the first one. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
