import { ApiError } from '#ui/lib/api.ts'
import type { FieldErrors, FormApi, FormValues } from '#ui/lib/form.ts'
import { issuesToFieldErrors } from '#ui/lib/validate.ts'

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

/** The field errors a server 400 names in its `issues` (docs/API.md), or null when it names none. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.json?.issues)) return null
  const errors = issuesToFieldErrors(error.json.issues)
  return Object.keys(errors).length > 0 ? errors : null
}

/** Shows a server 400's issues on the form's fields; true when there were any. */
export function applyServerError<V extends FormValues>(form: FormApi<V>, error: unknown): boolean {
  const errors = serverFieldErrors(error)
  if (errors) form.showErrors(errors, Object.keys(form.values))
  return errors !== null
}
