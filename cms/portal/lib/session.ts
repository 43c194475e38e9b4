import { createContext, useContext } from 'react'
import useSWR, { mutate } from 'swr'
import { apiRequest } from '#ui/lib/api.ts'
import { errorMessage, isUnauthorized } from './errors'
import { KEYS } from './keys'
import type { SessionResponse } from '#shared/api'
import { todayIn } from '#shared/clubDay'

/** The session check: a 401 means "logged out" (null), not a failure. No retry (e2e/admin-auth.test.ts). */
async function fetchSession(path: string): Promise<SessionResponse | null> {
  try {
    return await apiRequest<SessionResponse>('GET', path)
  } catch (error) {
    if (isUnauthorized(error)) return null
    throw error
  }
}

export function useSession() {
  return useSWR<SessionResponse | null>(KEYS.me, fetchSession, { shouldRetryOnError: false, revalidateOnMount: true })
}

/**
 * The signed-in session, for the dashboard's screens (AdminPage provides it). Not useSession there: the dashboard
 * has an SWR cache of its own (lib/sessionCache.ts), so each screen that asked would send GET /api/admin/me again,
 * and until it answered an admin was shown an editor's screens and the charts had no today.
 */
const SignedIn = createContext<SessionResponse | null>(null)
export const SignedInSession = SignedIn.Provider

/** Whether the signed-in account is an admin: editors are not offered what only admins may do (docs/roles.md). */
export function useIsAdmin(): boolean {
  return useContext(SignedIn)?.user.role === 'admin'
}

/** The signed-in account (its id: the records it is named on, as an event's coordinator). */
export const useSignedInUser = () => useContext(SignedIn)?.user ?? null

/** The club's time zone (CLUB_TIME_ZONE, named by the session), or '' while no session says it. */
export function useClubTimeZone(): string {
  return useContext(SignedIn)?.clubTimeZone ?? ''
}

/**
 * The club's today (YYYY-MM-DD in CLUB_TIME_ZONE, which the session names), whatever the browser's zone:
 * the day Record a gift proposes and the end of the charts' last 12 months.
 */
export function useClubToday(): string {
  const zone = useContext(SignedIn)?.clubTimeZone
  // Nothing rather than the browser's own day while no session says the zone.
  return zone ? todayIn(zone) : ''
}

/** After login: show the portal at once, then refetch the session from the server. */
export function sessionStarted(session: SessionResponse) {
  void mutate(KEYS.me, session, { revalidate: true })
}

/**
 * After logout: forget the session. The login card replaces the dashboard, and every admin list goes with the
 * dashboard's own cache (lib/sessionCache.ts), so nothing lingers for the next person.
 */
export function sessionEnded() {
  void mutate(KEYS.me, null, { revalidate: false })
}

/** Login failure wording (docs/API.md, errors.unit.test.ts): wrong credentials get a fixed sentence, anything else the server's message. */
export function loginFailureDescription(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.includes('Invalid credentials') ? 'Invalid username or password' : errorMessage(error)
}

/** A 401 from any admin call means the session ended elsewhere (expired, revoked): back to the login card, caches cleared. */
export function recheckSessionOn401(error: unknown) {
  if (isUnauthorized(error)) sessionEnded()
}
