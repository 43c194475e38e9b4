import { useCallback, useEffect, useState } from 'react'
import {
  describeChange,
  historyPath,
  HISTORY_COLLECTIONS,
  type HistoryCollection,
  type HistoryEntry,
  type RecordHistory,
  type RestoreResult,
} from '#shared/history'
import { apiRequest } from './lib/api'
import { Spinner } from './Spinner'

const when = (instant: string) => new Date(instant).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * A record's History, as a volunteer reads it: each save with who and when, what it changed ("Title: “Old” → “New”"),
 * and Restore beside every earlier one; a restore says what it brought back. The same list in the portal's History
 * dialog and on the record's page in Payload (cms/admin/fields/RecordHistory.tsx); the server reads and restores with
 * the account's own access (cms/api/history.ts).
 */
export function History({
  collection,
  id,
  onRestored,
}: {
  collection: HistoryCollection
  id: string
  /** After a restore, with what it said: the caller refreshes what it shows of the record. */
  onRestored?: (result: RestoreResult) => void
}) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null)
  const [error, setError] = useState('')
  const [result, setResult] = useState('')
  const [restoring, setRestoring] = useState<string | null>(null)

  const load = useCallback(
    () =>
      apiRequest<RecordHistory>('GET', historyPath(collection, id))
        .then(({ entries }) => setEntries(entries))
        .catch((err: Error) => setError(`The history could not be read (${err.message}).`)),
    [collection, id],
  )
  useEffect(() => void load(), [load])

  const restore = async (entry: HistoryEntry) => {
    setRestoring(entry.id)
    setResult('')
    try {
      const restored = await apiRequest<RestoreResult>('POST', `${historyPath(collection, id)}/restore/${entry.id}`)
      setResult(restored.message)
      onRestored?.(restored)
      await load()
    } catch (err) {
      setResult(`Not restored: ${(err as Error).message}`)
    } finally {
      setRestoring(null)
    }
  }

  const noun = HISTORY_COLLECTIONS[collection]
  return (
    <div className="lhb-history grid gap-3">
      <p role="status" aria-live="polite" className="text-sm font-medium text-gray-900 empty:hidden">
        {result}
      </p>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {!entries && !error && <Spinner label="Loading the history…" />}
      {entries?.length === 0 && <p className="text-sm text-gray-700">No saves kept for this {noun} yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="grid gap-2" aria-label={`Saves of this ${noun}, newest first`}>
          {entries.map((entry, index) => (
            <li key={entry.id} className="rounded-md border border-gray-300 p-3 text-sm text-gray-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-gray-900">
                  {when(entry.savedAt)} · {entry.savedBy ?? 'author not recorded'}
                  {entry.current && ' · what it holds now'}
                  {entry.draft && ' · draft'}
                </p>
                {!entry.current && (
                  <button
                    type="button"
                    className="min-h-9 rounded-md border border-gray-400 bg-white px-3 py-1 font-medium text-gray-900 hover:bg-gray-100 disabled:opacity-60"
                    disabled={restoring !== null}
                    aria-label={`Restore the ${noun} as saved ${when(entry.savedAt)}`}
                    onClick={() => void restore(entry)}
                  >
                    {restoring === entry.id ? 'Restoring…' : 'Restore'}
                  </button>
                )}
              </div>
              {entry.changes.length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {entry.changes.map((change) => (
                    <li key={change.field}>{describeChange(change)}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-gray-700">
                  {index === entries.length - 1 ? 'The earliest save kept.' : 'Saved without a change to its fields.'}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
