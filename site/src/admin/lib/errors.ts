import { ApiError } from '../../lib/api'

/**
 * The readable part of any failure, for toasts and error boxes: an API
 * error's `error` sentence (docs/API.md), else its body text, else its status
 * text; any other error's message.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return typeof error.json?.error === 'string' ? error.json.error : error.body || error.statusText
  return error instanceof Error ? error.message : String(error)
}

/** True for a 401: the session is missing or ended. */
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401
