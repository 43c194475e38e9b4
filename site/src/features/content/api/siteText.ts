import useSWR from 'swr'
import { PUBLIC_DATA } from '#shared/publicPages'
import { resolveSiteText, type SiteText } from '#shared/siteContent'

const BUILT_IN = resolveSiteText([])

/**
 * The site text editors set in the admin Content tab (GET /api/content), with
 * the built-in text for anything not set. Every server-rendered page carries
 * it, so this never waits for the network on a first load.
 */
export function useSiteText(): SiteText {
  return useSWR<SiteText, Error>(PUBLIC_DATA.content).data ?? BUILT_IN
}
