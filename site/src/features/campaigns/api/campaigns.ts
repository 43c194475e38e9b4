import useSWR from 'swr'
import { PUBLIC_DATA } from '#shared/publicPages'

/** One campaign as GET /api/campaigns returns it (docs/API.md). */
export type Campaign = {
  id: string
  name: string
  description: string
  imageUrl: string | null
  status: 'active' | 'inactive'
  currentAmount: string
  goalAmount: string
  createdAt: string
}

export const CAMPAIGNS_PATH = PUBLIC_DATA.campaigns

/**
 * The public campaign list. The global SWR config never revalidates; the home
 * page passes refreshInterval: CAMPAIGN_REFRESH_MS for its 30 s refresh.
 */
export function useCampaigns(options: { refreshInterval?: number } = {}) {
  return useSWR<Campaign[], Error>(CAMPAIGNS_PATH, options)
}
