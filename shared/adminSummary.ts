/** GET /api/admin/summary: the Overview's figures, over every record (docs/API.md). */
export const RECENT_DONATIONS = 5

export type BackupSummary = {
  /** When the last backup (scheduled or `node dist/backup.mjs`) was written, where to, and its size in bytes. */
  last: string | null
  location: string | null
  bytes: number | null
  /** Hours between scheduled backups (BACKUP_EVERY_HOURS); 0: none are scheduled. */
  everyHours: number
  /** The hour they keep to (BACKUP_AT, 0–23) in the club's time zone (CLUB_TIME_ZONE, `timeZone`). */
  atHour: number
  timeZone: string
  /** Two intervals passed without one (/healthz answers 503 "backup overdue"). */
  overdue: boolean
  /** How many of each kind are kept (BACKUP_KEEP). */
  keep: number
  /** The last scheduled backup failed, after the last one written: when and why. */
  failedAt: string | null
  failure: string | null
  /** The S3 storage refused the last backup (why): it was kept on the server instead, in data/backups. */
  storeFailure: string | null
  /** This data was put back from a backup (its name, when), since the last backup was written. */
  restored: { name: string; at: string } | null
}

/** Why the server refuses every write (503) while its disk is full or read-only (cms/http/storage.ts). */
export type StorageProblem = { problem: 'full' | 'read-only'; message: string }

/** What the server itself needs from an admin, beside the backups: the Overview says it until it is put right. */
export type ServerStatus = {
  /** The data folder's disk: null while writes work. */
  storage: StorageProblem | null
  /** No club contact address (site text contact/email): contact and sponsor notices wait for one. */
  contactEmailMissing: boolean
}

export type AdminSummary = {
  /** Number of campaigns (the spec's "Active Campaigns" card counts them all). */
  campaigns: number
  /** Sum of completed donations, two decimals (the spec's card; refunded and partly refunded gifts are not in it). */
  totalDonations: string
  /** How many completed donations that sum counts. */
  donationCount: number
  /** Sum of completed sponsorships, two decimals. */
  totalSponsorships: string
  sponsorshipCount: number
  /**
   * The campaigns' raised figures, traced: each is its opening balance (money
   * raised before it was recorded here) plus its recorded gifts (completed
   * donations less refunds); these are the sums over every campaign.
   */
  openingBalances: string
  campaignGifts: string
  /**
   * The books in one definition (cms/payments/totals.ts `moneyTotals`): received (every gift that
   * arrived, refunded ones included), refunded, and kept = received − refunded, which is what the
   * campaign totals, the donors list, Giving at a Glance and the statements count.
   */
  books: Record<'donations' | 'sponsorships', { received: string; refunded: string; kept: string; count: number }>
  contactMessages: number
  /** STRIPE_SECRET_KEY is set: card gifts record Stripe's fees and payouts their lines (docs/payments.md "Stripe payouts"). */
  stripeApi: boolean
  /** The backups, as /healthz reads them (cms/db/backups.ts backupStatus): the admins' Overview says when one is missing. */
  backup: BackupSummary
  server: ServerStatus
  recentDonations: Array<{ id: string; donorName: string; amount: string; status: string; createdAt: string }>
}
