import type { SWRConfiguration } from 'swr'
import { getJson } from './api'

/**
 * Data fetching as the product specifies (e2e/public-data.test.ts "SWR rules"): no retries, data never stale (no
 * revalidation on mount, focus or reconnect), no polling except where a page
 * asks for it (the home page's 30 s campaign refresh).
 */
export const swrConfig: SWRConfiguration = {
  fetcher: getJson,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
}

export const CAMPAIGN_REFRESH_MS = 30_000
