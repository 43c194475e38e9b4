import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '#shared/schemas'
import { apiResponse } from '#ui/lib/api.ts'
import { refetchWhere } from './sessionCache'

/** Records per page of an admin list: the server's default page (shared/schemas.ts), so both count pages alike. */
export const PAGE_SIZE = LIST_LIMIT_DEFAULT

/** One page of a list: its records, and the list's total when the server says it (X-Total-Count). */
export type ListPage<R> = { items: R[]; total: number | null }

/** The SWR key (and GET path) of one page: `path?page=N&limit=L[&filters]`, as the admin list endpoints accept. */
export const pageKey = (path: string, page: number, limit = PAGE_SIZE, query = '') =>
  `${path}?page=${page}&limit=${limit}${query ? `&${query}` : ''}`

/** Filters as a query string, without the empty ones (an export link and the list's key use the same). */
export function filterQuery(filters: Record<string, string> = {}): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value)
  return query.toString()
}

/** X-Total-Count as a number, or null when the server does not send a count. */
export function totalFrom(header: string | null): number | null {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null
}

/** Page controls are needed only when the server counts more records than one page holds. */
export function pageCount(total: number | null, limit = PAGE_SIZE): number {
  return total === null || total <= limit ? 1 : Math.ceil(total / limit)
}

async function fetchPage<R>(key: string): Promise<ListPage<R>> {
  const res = await apiResponse('GET', key)
  return { items: (await res.json()) as R[], total: totalFrom(res.headers.get('X-Total-Count')) }
}

/**
 * An admin list, one page at a time, with the screen's filters. Without
 * X-Total-Count (a server that sends the whole list) there is one page and no
 * controls: the list shows every record it got. Changing a filter goes back
 * to the first page.
 */
export function useAdminList<R>(path: string, filters?: Record<string, string>) {
  const query = filterQuery(filters)
  const [at, setAt] = useState({ query, page: 1 })
  const page = at.query === query ? at.page : 1
  const setPage = (next: number) => setAt({ query, page: next })
  const {
    data,
    error,
    isLoading,
    mutate: refetch,
  } = useSWR<ListPage<R>>(pageKey(path, page, PAGE_SIZE, query), fetchPage<R>, {
    keepPreviousData: true,
  })
  const pages = pageCount(data?.total ?? null)

  // A delete can leave the last page empty: step back to the new last page.
  useEffect(() => {
    if (data && page > pages) setAt({ query, page: pages })
  }, [data, page, pages, query])

  return {
    items: data?.items,
    total: data?.total ?? null,
    error,
    isLoading,
    retry: () => void refetch(),
    pager: pages > 1 ? { page, pages, setPage } : null,
  }
}

/** Every record of a list, read page by page (lookups such as campaign choices must see them all). */
export async function fetchWhole<R>(path: string): Promise<R[]> {
  const records: R[] = []
  for (let page = 1; ; page++) {
    const { items, total } = await fetchPage<R>(pageKey(path, page, LIST_LIMIT_MAX))
    records.push(...items)
    if (total === null || records.length >= total || items.length === 0) return records
  }
}

/** A whole list as one SWR entry; its key starts with `path?`, so refetchList(path) reaches it. `null` loads nothing. */
export function useWholeList<R>(path: string | null) {
  return useSWR<R[]>(path && `${path}?whole`, () => fetchWhole<R>(path!))
}

/** What useAdminList answers: one page of records, its state and its pager. */
export type AdminList<R> = ReturnType<typeof useAdminList<R>>
export type Pager = NonNullable<AdminList<unknown>['pager']>

/** Refetches every cached page of a list, and the list itself where another view reads it whole (the Overview). */
export function refetchList(path: string) {
  refetchWhere((key) => key === path || key.startsWith(`${path}?`))
}
