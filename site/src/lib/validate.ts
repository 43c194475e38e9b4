import type { z } from 'zod'
import type { FieldErrors, FormApi, FormValues } from './form'

/** "String must contain at least 1 character(s)" says "Required" to a person. */
function friendly(message: string): string {
  if (message === 'String must contain at least 1 character(s)') return 'Required'
  // z.coerce.number() on text that is not a number (NaN)
  if (message === 'Expected number, received number') return 'Enter a number'
  return message
}

/** A field left empty that the schema refuses is simply "Required", whatever rule tripped first. */
function requiredWhenEmpty(errors: FieldErrors, values: FormValues): FieldErrors {
  const next = { ...errors }
  for (const field of Object.keys(next)) {
    const value = values[field]
    if (typeof value === 'string' && value.trim() === '') next[field] = 'Required'
  }
  return next
}

/** Zod issues or server issues → first message per top-level field. */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path
    const field = path.length > 0 ? String(path[0]) : '_form'
    if (!(field in errors)) errors[field] = friendly(issue.message)
  }
  return errors
}

/**
 * Parses the payload with a shared zod schema; on failure shows one error per
 * field on the form, moves focus to the first, and returns null.
 */
export function validate<S extends z.ZodType, V extends FormValues>(form: FormApi<V>, schema: S, payload: unknown): z.output<S> | null {
  const result = schema.safeParse(payload)
  if (result.success) {
    form.setErrors({})
    return result.data
  }
  form.showErrors(requiredWhenEmpty(issuesToFieldErrors(result.error.issues), form.values), Object.keys(form.values))
  return null
}
