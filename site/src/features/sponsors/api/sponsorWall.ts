import useSWR from 'swr'
import { PUBLIC_DATA } from '#shared/publicPages'
import type { SponsorWall } from '#shared/sponsorWall'

export const SPONSOR_WALL_PATH = PUBLIC_DATA.sponsorWall

/** Completed, unexpired sponsors grouped gold → bronze (cms/site/sponsorWall.ts). */
export function useSponsorWall() {
  return useSWR<SponsorWall, Error>(SPONSOR_WALL_PATH)
}
