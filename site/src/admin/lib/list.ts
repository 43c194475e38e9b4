import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { apiResponse } from '../../lib/api'
import { refetchWhere } from './sessionCache'

/** Records per page of an admin list. */
export const PAGE_SIZE = 50

/** One page of a list: its records, and the list's total when the server says it (X-Total-Count). */
export type ListPage<R> = { items: R[]; total: number | null }

/** The SWR key (and GET path) of one page: `path?page=N&limit=L`, as the admin list endpoints accept. */
export const pageKey = (path: string, page: number, limit = PAGE_SIZE) => `${path}?page=${page}&limit=${limit}`

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
 * An admin list, one page at a time. Without X-Total-Count (a server that
 * sends the whole list) there is one page and no controls: the list shows
 * every record it got.
 */
export function useAdminList<R>(path: string) {
  const [page, setPage] = useState(1)
  const { data, error, isLoading, mutate: refetch } = useSWR<ListPage<R>>(pageKey(path, page), fetchPage<R>)
  const pages = pageCount(data?.total ?? null)

  // A delete can leave the last page empty: step back to the new last page.
  useEffect(() => {
    if (data && page > pages) setPage(pages)
  }, [data, page, pages])

  return {
    items: data?.items,
    error,
    isLoading,
    retry: () => void refetch(),
    pager: pages > 1 ? { page, pages, setPage } : null,
  }
}

export type Pager = NonNullable<ReturnType<typeof useAdminList>['pager']>

/** Refetches every cached page of a list, and the list itself where another view reads it whole (the Overview). */
export function refetchList(path: string) {
  refetchWhere((key) => key === path || key.startsWith(`${path}?`))
}
