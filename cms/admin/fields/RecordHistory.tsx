'use client'
import { useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { isHistoryCollection } from '#shared/history'
import { History } from '#ui/History.tsx'

/** What the last restore said, kept across the reload that shows the restored record in Payload's form. */
const RESTORED_KEY = 'lhb-restored'

/**
 * The record's History at the foot of its page in Payload's editor (the same list as the portal's History dialog,
 * ui/History.tsx). A restore reloads the page, so the form shows what was brought back, and says what it restored.
 */
export function RecordHistory() {
  const { id, collectionSlug } = useDocumentInfo()
  const [restored, setRestored] = useState('')
  useEffect(() => {
    setRestored(sessionStorage.getItem(RESTORED_KEY) ?? '')
    sessionStorage.removeItem(RESTORED_KEY)
  }, [])
  // A record not yet saved has no history.
  if (!id || !collectionSlug || !isHistoryCollection(collectionSlug)) return null
  return (
    <section className="field-type" aria-labelledby="record-history-title">
      <h2 id="record-history-title" className="field-label">
        History: who saved it, when, what changed
      </h2>
      {restored && (
        <p role="status" className="mb-2 font-semibold">
          {restored}
        </p>
      )}
      <History
        collection={collectionSlug}
        id={String(id)}
        onRestored={({ message }) => {
          sessionStorage.setItem(RESTORED_KEY, message)
          window.location.reload()
        }}
      />
    </section>
  )
}
