import { useId, type ReactNode } from 'react'
import type { AdminList } from '../lib/list'
import { PageControls } from './PageControls'
import { ListState, SectionHeader } from './States'

/**
 * A paged admin list on its own card (money records, the inbox): the heading
 * and its actions, what stands above the list (filters, notes), the list with
 * its loading, error and empty states, and the page controls. The panel keeps
 * its list (`useAdminList`) and draws each row, an `<li>` with its key.
 */
export function ListPanel<T>({
  title,
  description,
  action,
  children,
  list,
  name,
  listLabel = name,
  empty,
  row,
}: {
  title: string
  description: string
  action?: ReactNode
  children?: ReactNode
  list: AdminList<T>
  /** What the list holds ("Monthly gifts"): the list's accessible name, its page controls' ("… pages"), and "Loading monthly gifts…". */
  name: string
  /** The list's accessible name when it says more than `name` ("Donors of 2026"). */
  listLabel?: string
  empty: string
  row: (item: T) => ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader level={3} id={id} title={title} description={description} action={action} />
      {children}
      <ListState
        what={name.toLowerCase()}
        data={list.items}
        error={list.error}
        isLoading={list.isLoading}
        retry={list.retry}
        empty={<p className="py-6 text-center text-gray-600">{empty}</p>}
      >
        {(items) => (
          <ul className="divide-y divide-gray-200" aria-label={listLabel}>
            {items.map(row)}
          </ul>
        )}
      </ListState>
      {list.pager && <PageControls pager={list.pager} label={name} />}
    </section>
  )
}
