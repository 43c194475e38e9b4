import type { ApiErrorBody } from '#shared/api'

/**
 * A non-2xx answer from our API. `message` is "<status>: <body text or status
 * text>" (docs/API.md, pinned by e2e/public-data.test.ts); the fields let code
 * act on the answer without parsing that string back.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** The body parsed, when the server sent JSON (our errors: `{ error, issues? }`). */
  readonly json: ApiErrorBody | undefined

  constructor(
    readonly status: number,
    /** The response body as text ('' when empty). */
    readonly body: string,
    readonly statusText: string,
    json?: ApiErrorBody,
  ) {
    super(`${status}: ${body || statusText}`)
    this.json = json
  }

  static async fromResponse(res: Response): Promise<ApiError> {
    const body = await res.text()
    let json: ApiErrorBody | undefined
    if ((res.headers.get('Content-Type') ?? '').includes('application/json')) {
      try {
        json = JSON.parse(body) as ApiErrorBody
      } catch {
        // Declared JSON but not parseable: the text is all there is.
      }
    }
    return new ApiError(res.status, body, res.statusText, json)
  }
}

/**
 * The one way the browser talks to our API (docs/API.md): credentials always
 * included, JSON body only when present, and every non-2xx response becomes
 * an ApiError.
 */
export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await apiResponse(method, path, body)
  if (res.status === 204) return undefined as T
  const type = res.headers.get('Content-Type') ?? ''
  return (type.includes('application/json') ? await res.json() : await res.text()) as T
}

/** The same call, answering the successful Response itself (for headers such as X-Total-Count). */
export async function apiResponse(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw await ApiError.fromResponse(res)
  return res
}

/** SWR fetcher: a list or record is a GET on its path. */
export const getJson = <T>(path: string) => apiRequest<T>('GET', path)
