import { useSearchParams } from 'next/navigation'

/**
 * The query of the portal's address (?tab=team, ?reset=…) and a way to replace
 * it. Next routes /admin (Payload's pages); the portal only reads and rewrites
 * the query. Next keeps useSearchParams in step with history.replaceState, so
 * a change stays in the browser: no request, no server render of Payload's page.
 * The state passed is null: Next leaves a state it wrote itself (`__NA`) unsynced.
 */
export function useAddressParams(): [URLSearchParams, (next: Record<string, string>) => void] {
  const params = new URLSearchParams(useSearchParams()?.toString() ?? '')
  const replace = (next: Record<string, string>) => {
    const query = new URLSearchParams(next).toString()
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`)
  }
  return [params, replace]
}
