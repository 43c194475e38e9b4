import type { z } from 'zod'
import { issuesToFieldErrors, requiredWhenEmpty } from '#shared/fieldErrors'
import type { FormApi, FormValues } from './form'

export { issuesToFieldErrors }

/**
 * Parses the payload with a shared zod schema; on failure shows one error per
 * field on the form, moves focus to the first, and returns null. `fieldOf` names the
 * form field of an issue's path when the payload is not the form's flat values
 * (/join's adults: shared/membership.ts joinFieldOf).
 */
export function validate<S extends z.ZodType, V extends FormValues>(
  form: FormApi<V>,
  schema: S,
  payload: unknown,
  fieldOf?: (path: string) => string,
): z.output<S> | null {
  const result = schema.safeParse(payload)
  if (result.success) {
    form.setErrors({})
    return result.data
  }
  const issues = fieldOf ? result.error.issues.map((i) => ({ ...i, path: fieldOf(i.path.join('.')) })) : result.error.issues
  form.showErrors(requiredWhenEmpty(issuesToFieldErrors(issues), form.values), Object.keys(form.values))
  return null
}
