import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import type { FormApi, FormValues } from '../lib/form'

const controlClass =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'aria-[invalid=true]:border-red-600 border-gray-300'

type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean }

/**
 * A labelled control with its hint and its error beside it. The error is
 * linked through aria-describedby so a screen reader reads it with the field.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  optional,
  srPrefix,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  required?: boolean
  /** Shows "(optional)" after the label. */
  optional?: boolean
  /** Context read by screen readers before the visible label, e.g. the section name. */
  srPrefix?: string
  children: (props: ControlProps) => ReactNode
}) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {srPrefix && <span className="sr-only">{srPrefix} </span>}
        {label}
        {optional && <span className="font-normal text-gray-600"> (optional)</span>}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, 'aria-required': required || undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

type Common<V extends FormValues> = {
  form: FormApi<V>
  name: keyof V & string
  label: string
  hint?: string
  required?: boolean
  optional?: boolean
  srPrefix?: string
}

export function TextField<V extends FormValues>({
  form,
  name,
  label,
  hint,
  required,
  optional,
  srPrefix,
  ...input
}: Common<V> & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'value' | 'onChange' | 'id'>) {
  return (
    <FormField
      id={form.idFor(name)}
      label={label}
      hint={hint}
      required={required}
      optional={optional}
      srPrefix={srPrefix}
      error={form.errors[name]}
    >
      {(props) => (
        <input
          {...input}
          {...props}
          name={name}
          className={controlClass}
          value={String(form.values[name] ?? '')}
          onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
        />
      )}
    </FormField>
  )
}

export function TextAreaField<V extends FormValues>({
  form,
  name,
  label,
  hint,
  required,
  optional,
  srPrefix,
  rows = 3,
  ...input
}: Common<V> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'value' | 'onChange' | 'id'>) {
  return (
    <FormField
      id={form.idFor(name)}
      label={label}
      hint={hint}
      required={required}
      optional={optional}
      srPrefix={srPrefix}
      error={form.errors[name]}
    >
      {(props) => (
        <textarea
          {...input}
          {...props}
          rows={rows}
          name={name}
          className={controlClass}
          value={String(form.values[name] ?? '')}
          onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
        />
      )}
    </FormField>
  )
}

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

export { controlClass }
