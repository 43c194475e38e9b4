/** One error per form field, keyed by the field's name ('_form' for the form as a whole). */
export type FieldErrors = Record<string, string>

/** "String must contain at least 1 character(s)" says "Required" to a person. */
function friendly(message: string): string {
  if (message === 'String must contain at least 1 character(s)') return 'Required'
  // z.coerce.number() on text that is not a number (NaN)
  if (message === 'Expected number, received number') return 'Enter a number'
  return message
}

/**
 * Zod issues or server issues → first message per top-level field: what the browser's forms show
 * (ui/lib/validate.ts) and what a form posted without JavaScript shows (cms/site/forms.ts).
 */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path
    const field = path.length > 0 ? String(path[0]) : '_form'
    if (!(field in errors)) errors[field] = friendly(issue.message)
  }
  return errors
}

/** A field left empty that the schema refuses is simply "Required", whatever rule tripped first. */
export function requiredWhenEmpty(errors: FieldErrors, values: Record<string, unknown>): FieldErrors {
  const next = { ...errors }
  for (const field of Object.keys(next)) {
    const value = values[field]
    if (typeof value === 'string' && value.trim() === '') next[field] = 'Required'
  }
  return next
}
