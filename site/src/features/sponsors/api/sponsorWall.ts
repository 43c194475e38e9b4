import useSWR from 'swr'
import type { SponsorWall } from '#shared/sponsorWall'

export const SPONSOR_WALL_PATH = '/api/sponsor-wall'

/** Completed, unexpired sponsors grouped gold → bronze (cms/api/sponsorWall.ts). */
export function useSponsorWall() {
  return useSWR<SponsorWall, Error>(SPONSOR_WALL_PATH)
}
