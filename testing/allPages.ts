import type { ApiClient } from './server'

/** Every record of a paged admin list (`?page=&limit=`, after the path's own query if any), page by page, in the list's order. */
export async function allPages<T = any>(client: ApiClient, path: string, limit = 100): Promise<T[]> {
  const records: T[] = []
  for (let page = 1; ; page++) {
    const res = await client.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`)
    if (res.status !== 200) throw new Error(`GET ${path} page ${page}: ${res.status} ${res.text}`)
    records.push(...(res.json as T[]))
    if (records.length >= Number(res.headers.get('x-total-count')) || res.json.length === 0) return records
  }
}
