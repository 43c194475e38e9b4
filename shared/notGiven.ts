/**
 * One meaning for "not given", on every door and in every form: a value left out, `null`, or text that is empty once
 * trimmed. An optional field not given is stored and answered as `null` (or the collection's default); a required one
 * not given is "Required", on a new record and on an edit alike. The schemas (shared/schemas.ts), the collections
 * (cms/hooks/notGiven.ts), the API's mappers and the portal's forms all read it here (CONTRIBUTING.md, "Adding a field").
 */
export const isNotGiven = (value: unknown): value is null | undefined | string =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/** An optional field as the API answers it: not given is `null`. */
export const orNull = <T>(value: T | null | undefined): T | null => (isNotGiven(value) ? null : value)

/** A stored value as a form's box holds it: not given is empty text, a number its digits. */
export const formText = (value: string | number | null | undefined): string => (isNotGiven(value) ? '' : String(value))
