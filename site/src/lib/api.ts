/**
 * The one way the browser talks to our API (SPEC §7, §8): credentials always
 * included, JSON body only when present, and every non-2xx response becomes an
 * Error whose message is "<status>: <body text or status text>".
 */
export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) {
    const text = (await res.text()) || res.statusText
    throw new Error(`${res.status}: ${text}`)
  }
  if (res.status === 204) return undefined as T
  const type = res.headers.get('Content-Type') ?? ''
  return (type.includes('application/json') ? await res.json() : await res.text()) as T
}

/** SWR fetcher: a list or record is a GET on its path (SPEC §7). */
export const getJson = <T,>(path: string) => apiRequest<T>('GET', path)

/** Server errors arrive as JSON `{ "error": "..." }`; show the readable part to people. */
export function readableError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const body = message.replace(/^\d{3}: /, '')
  try {
    const parsed = JSON.parse(body) as { error?: unknown }
    if (typeof parsed.error === 'string') return parsed.error
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return body
}
