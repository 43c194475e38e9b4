import { useId, useState, type ReactNode } from 'react'
import { Button } from './Button'

export const NEWEST_SHOWN = 20

/**
 * The newest `limit` items of a newest-first list, and a "Show all N …"
 * toggle when there are more. The button says what it will do and points
 * at the list it changes (aria-controls, aria-expanded).
 */
export function NewestList<T extends { id: string }>({
  items,
  label,
  noun,
  limit = NEWEST_SHOWN,
  children,
}: {
  items: T[]
  /** Accessible name of the list, e.g. "Contact messages". */
  label: string
  /** Plural noun for the toggle, e.g. "messages". */
  noun: string
  limit?: number
  children: (item: T) => ReactNode
}) {
  const [showAll, setShowAll] = useState(false)
  const listId = useId()
  const hidden = items.length - limit
  const shown = showAll || hidden <= 0 ? items : items.slice(0, limit)
  return (
    <>
      <ul id={listId} className="divide-y divide-gray-200" aria-label={label}>
        {shown.map((item) => (
          <li key={item.id} className="py-4">
            {children(item)}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-600">
            {showAll ? `Showing all ${items.length} ${noun}.` : `Showing the newest ${limit} of ${items.length} ${noun}.`}
          </p>
          <Button variant="secondary" size="sm" aria-controls={listId} aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
            {showAll ? `Show newest ${limit} only` : `Show all ${items.length} ${noun}`}
          </Button>
        </div>
      )}
    </>
  )
}
