/** One field that differs between two saves of a record: `from`/`to` only for short values a person can read. */
export type HistoryChange = { field: string; from?: string; to?: string }

/** GET /api/admin/history/:collection/:id: the record's saved versions, newest first (cms/api/history.ts). */
export type HistoryEntry = {
  /** The version's id, for POST …/restore/:versionId. */
  id: string
  /** When it was saved (an instant, ISO 8601). */
  savedAt: string
  /** The account that saved it, or null when the server did (or before authors were kept). */
  savedBy: string | null
  /** What this save changed from the one before it; empty for the earliest kept version. */
  changes: HistoryChange[]
  /** Whether this is what the record holds now (nothing to restore). */
  current: boolean
  /** A footer page's draft not yet published. */
  draft: boolean
}

export type RecordHistory = { entries: HistoryEntry[] }

/** POST /api/admin/history/:collection/:id/restore/:versionId: what the restore changed, in words. */
export type RestoreResult = { message: string; changes: HistoryChange[] }

/** The collections whose records keep versions, with what the History calls one record. */
export const HISTORY_COLLECTIONS = {
  campaigns: 'campaign',
  games: 'game',
  pages: 'footer page',
  'site-content': 'site text',
  'sponsorship-tiers': 'sponsorship level',
  'team-members': 'player',
} as const
export type HistoryCollection = keyof typeof HISTORY_COLLECTIONS
export const isHistoryCollection = (value: string): value is HistoryCollection => Object.hasOwn(HISTORY_COLLECTIONS, value)

export const historyPath = (collection: HistoryCollection, id: string | number) => `/api/admin/history/${collection}/${id}`

/** "Title: “Old” → “New”", or "Text changed" when the values are too long (or not text) to show. */
export const describeChange = ({ field, from, to }: HistoryChange) =>
  from !== undefined && to !== undefined ? `${field}: ${from} → ${to}` : `${field} changed`
