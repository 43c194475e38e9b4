import { useState } from 'react'

/** A dialog's typed values, and the change handler of each field. */
export function useDialogValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial)
  const set = (name: keyof V) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }))
  return [values, set] as const
}

/**
 * A dialog's save: pending while it runs (the button says so), the dialog closed once the change went through; a
 * refusal leaves it open with what was typed (the change's own toast says why).
 */
export function useDialogSubmit(change: () => Promise<boolean>, onClose: () => void) {
  const [pending, setPending] = useState(false)
  const submit = async () => {
    setPending(true)
    try {
      if (await change()) onClose()
    } finally {
      setPending(false)
    }
  }
  return { pending, submit }
}
