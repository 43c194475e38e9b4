import { useCallback, useEffect, useId, useState } from 'react'
import type { FieldErrors } from '#shared/fieldErrors'

export type FormValues = Record<string, string | boolean>
export type { FieldErrors }

/**
 * Form state for every form, public and admin: values as typed (kept when the server
 * refuses), one error per field; lib/validate.ts checks it with a shared zod schema.
 */
export function useForm<V extends FormValues>(initial: V, initialErrors: FieldErrors = {}) {
  const prefix = useId()
  const [values, setValues] = useState<V>(initial)
  // What the form started from (its last reset): `dirty` says something typed is not saved yet.
  const [baseline, setBaseline] = useState<V>(initial)
  const [errors, setErrors] = useState<FieldErrors>(initialErrors)
  const [pending, setPending] = useState(false)

  const idFor = useCallback((name: string) => `${prefix}-${name}`, [prefix])

  // A server-rendered form works before the page's code arrives: what the visitor typed or ticked by then stays on
  // screen through hydration but is not in the state, and the next render would put the state's value back. Taken
  // into the state once, as the form comes alive (a form drawn in the browser finds its own values: no change).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the DOM is the outside system read here, once
    setValues((prev) => {
      let next = prev
      for (const name of Object.keys(prev)) {
        const field = document.getElementById(`${prefix}-${name}`)
        const shown =
          field instanceof HTMLInputElement && field.type === 'checkbox'
            ? field.checked
            : field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement
              ? field.value
              : undefined
        if (shown !== undefined && typeof shown === typeof prev[name] && shown !== prev[name]) next = { ...next, [name]: shown }
      }
      return next
    })
  }, [prefix])

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
    setBaseline(next)
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

  const dirty = Object.keys(values).some((name) => values[name] !== baseline[name])

  return { values, setValue, errors, setErrors, showErrors, reset, pending, setPending, idFor, dirty }
}

export type FormApi<V extends FormValues> = ReturnType<typeof useForm<V>>
