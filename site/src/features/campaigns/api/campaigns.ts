import useSWR from 'swr'
import type { PublicCampaign } from '#shared/api'
import { PUBLIC_DATA } from '#shared/publicPages'

/** One campaign as GET /api/campaigns returns it (docs/API.md). */
export type Campaign = PublicCampaign

export const CAMPAIGNS_PATH = PUBLIC_DATA.campaigns

/**
 * The public campaign list. The global SWR config never revalidates; the home
 * page passes refreshInterval: CAMPAIGN_REFRESH_MS for its 30 s refresh.
 */
export function useCampaigns(options: { refreshInterval?: number } = {}) {
  return useSWR<Campaign[], Error>(CAMPAIGNS_PATH, options)
}
