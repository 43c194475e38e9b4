import useSWR from 'swr'
import { PUBLIC_DATA } from '#shared/publicPages'

/** One player as GET /api/team returns it (docs/API.md), in display order. */
export type Player = {
  id: string
  number: number
  name: string
  position: string
  grade: string
  height: string | null
  bio: string | null
  imageUrl: string | null
}

export const TEAM_PATH = PUBLIC_DATA.team

export function useTeam() {
  return useSWR<Player[], Error>(TEAM_PATH)
}
