import useSWR from 'swr'
import { PUBLIC_DATA } from '#shared/publicPages'
import { isSponsorshipLevel, type PublicTier, type SponsorshipLevel } from '#shared/tiers'

/**
 * The sponsorship levels the site offers, from their tier records (shared/tiers.ts): the server
 * renders them into the page (shared/publicPages.ts), so nothing is fetched and no copy of a tier
 * lives in the client.
 */
export type TierId = SponsorshipLevel
export type { PublicTier }

export const isTierId = isSponsorshipLevel

export function useTiers(): readonly PublicTier[] {
  return useSWR<PublicTier[], Error>(PUBLIC_DATA.tiers).data ?? []
}
