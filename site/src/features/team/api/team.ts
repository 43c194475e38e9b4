import useSWR from 'swr'
import type { PublicPlayer } from '#shared/api'

/** One player as GET /api/team returns it (docs/API.md), in display order. */
export type Player = PublicPlayer

export const TEAM_PATH = '/api/team'

export function useTeam() {
  return useSWR<Player[], Error>(TEAM_PATH)
}
