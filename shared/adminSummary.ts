/** GET /api/admin/summary: the Overview's figures, computed by the database (docs/API.md). */
export const RECENT_DONATIONS = 5

export type AdminSummary = {
  /** Number of campaigns (the spec's "Active Campaigns" card counts them all). */
  campaigns: number
  /** Sum of completed donations, two decimals. */
  totalDonations: string
  /** Sum of completed sponsorships, two decimals. */
  totalSponsorships: string
  contactMessages: number
  recentDonations: Array<{ id: string; donorName: string; amount: string; status: string; createdAt: string }>
}
