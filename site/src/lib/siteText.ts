import useSWR from 'swr'
import { PUBLIC_DATA } from '#shared/publicPages'
import type { SiteText } from '#shared/siteContent'

/** Before the text has arrived every key reads as empty (only after a client-side move from /admin). */
const NOT_YET = new Proxy({} as SiteText, { get: () => '' })

/**
 * The site text editors set in the admin Content tab (GET /api/content), the
 * built-in text filled in by the server for anything not set. Every
 * server-rendered page carries it, so this never waits on a first load.
 */
export function useSiteText(): SiteText {
  return useSWR<SiteText, Error>(PUBLIC_DATA.content).data ?? NOT_YET
}
