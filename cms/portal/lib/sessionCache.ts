import { useEffect } from 'react'
import { useSWRConfig, type ScopedMutator } from 'swr'

/**
 * Each sign-in has its own SWR cache: the dashboard's SWRConfig makes a new
 * one when it mounts (`sessionCacheProvider`) and it is gone when the
 * dashboard unmounts at logout. Nothing one session loaded, or was still
 * loading, can answer for the next (a status fetched just before a logout
 * once stayed "Loading..." after a quick login: SWR kept that request for its
 * 2-second de-duplication). The session itself (GET /api/admin/me) stays in
 * the page's cache, outside, since it decides which screen shows.
 */
export const sessionCacheProvider = () => new Map()

let current: ScopedMutator | null = null

/** Rendered once inside the dashboard's SWRConfig: actions that run outside components refetch through it. */
export function SessionCacheScope() {
  const { mutate } = useSWRConfig()
  useEffect(() => {
    current = mutate
    return () => {
      if (current === mutate) current = null
    }
  }, [mutate])
  return null
}

/** Refetches every key of the signed-in session's cache that `matches` (nothing once signed out). */
export function refetchWhere(matches: (key: string) => boolean) {
  void current?.((key) => typeof key === 'string' && matches(key))
}
