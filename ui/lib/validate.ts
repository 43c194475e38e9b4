import type { z } from 'zod'
import { issuesToFieldErrors, requiredWhenEmpty } from '#shared/fieldErrors'
import type { FormApi, FormValues } from './form'

export { issuesToFieldErrors }

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
