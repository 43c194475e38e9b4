import useSWR from 'swr'
import type { PublicPlayer } from '#shared/api'
import { PUBLIC_DATA } from '#shared/publicPages'

/** One player as GET /api/team returns it (docs/API.md), in display order. */
export type Player = PublicPlayer

export const TEAM_PATH = PUBLIC_DATA.team

export function useTeam() {
  return useSWR<Player[], Error>(TEAM_PATH)
}
