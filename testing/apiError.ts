import { ApiError } from '#ui/lib/api.ts'

/** The ApiError the fetch wrapper makes from a response with this status and body (JSON when `json` is set). */
export const apiErrorFor = (status: number, body: string | null, init: { statusText?: string; json?: boolean } = {}) =>
  ApiError.fromResponse(
    new Response(body, {
      status,
      statusText: init.statusText,
      headers: init.json ? { 'Content-Type': 'application/json; charset=utf-8' } : undefined,
    }),
  )
