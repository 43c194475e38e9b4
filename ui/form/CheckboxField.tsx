import type { FormValues } from '../lib/form'
import type { Common } from './fields'

/** A yes/no value: the box before its label (admin dialogs). */
export function CheckboxField<V extends FormValues>({ form, name, label, hint }: Omit<Common<V>, 'required' | 'optional' | 'srPrefix'>) {
  const id = form.idFor(name)
  const hintId = hint ? `${id}-hint` : undefined
  const error = form.errors[name]
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="h-5 w-5 rounded border-gray-400 accent-brand-700"
          checked={Boolean(form.values[name])}
          aria-describedby={[hintId, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(e) => form.setValue(name, e.target.checked as V[typeof name])}
        />
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="pl-8 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="pl-8 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
