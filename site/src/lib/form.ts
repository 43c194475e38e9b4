import { useCallback, useId, useState } from 'react'
import type { z } from 'zod'

export type FormValues = Record<string, string | boolean>
export type FieldErrors = Record<string, string>

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
 * Form state for every form, public and admin: values as typed (kept when the server
 * refuses), one error per field, validation with the shared zod schemas.
 */
export function useForm<V extends FormValues>(initial: V) {
  const prefix = useId()
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)

  const idFor = useCallback((name: string) => `${prefix}-${name}`, [prefix])

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }))
    setErrors((prev) => {
      if (!((name as string) in prev)) return prev
      const next = { ...prev }
      delete next[name as string]
      return next
    })
  }, [])

  const reset = useCallback((next: V) => {
    setValues(next)
    setErrors({})
    setPending(false)
  }, [])

  /** Shows the errors and moves focus to the first field that has one. */
  const showErrors = useCallback(
    (next: FieldErrors, order: string[]) => {
      setErrors(next)
      const first = order.find((name) => name in next) ?? Object.keys(next)[0]
      if (first) requestAnimationFrame(() => document.getElementById(idFor(first))?.focus())
    },
    [idFor],
  )

  /** Parses the payload with the shared schema; on failure shows field errors and returns null. */
  const validate = useCallback(
    <S extends z.ZodType>(schema: S, payload: unknown): z.output<S> | null => {
      const result = schema.safeParse(payload)
      if (result.success) {
        setErrors({})
        return result.data
      }
      showErrors(requiredWhenEmpty(issuesToFieldErrors(result.error.issues), values), Object.keys(values))
      return null
    },
    [showErrors, values],
  )

  return { values, setValue, errors, setErrors, showErrors, reset, validate, pending, setPending, idFor }
}

export type FormApi<V extends FormValues> = ReturnType<typeof useForm<V>>
