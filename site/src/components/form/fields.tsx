import { createContext, use, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import type { FormApi, FormValues } from '../../lib/form'

/**
 * The one field family of every form, public and admin: a label, the control,
 * its hint and its error, linked through aria-describedby so a screen reader
 * reads the error with the field. Only the look differs: the admin's compact
 * controls, or the public pages' form classes (styles/public.css) with a red
 * asterisk on required labels. A form picks its look with <FieldLook>.
 */
const LOOKS = {
  admin: {
    field: 'grid gap-1.5',
    label: 'text-sm font-medium text-gray-800',
    control:
      'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 ' +
      'aria-[invalid=true]:border-red-600 border-gray-300',
    hint: 'text-xs text-gray-600',
    error: 'text-sm font-medium text-red-700',
    optional: 'font-normal text-gray-600',
    requiredMark: false,
  },
  public: {
    field: '',
    label: 'field-label',
    control: 'field',
    hint: 'mt-1 text-xs text-gray-600',
    error: 'field-error',
    optional: 'optional',
    requiredMark: true,
  },
} as const

const LookContext = createContext<keyof typeof LOOKS>('admin')

/** Sets the look of the fields inside (default: admin). */
export function FieldLook({ look, children }: { look: keyof typeof LOOKS; children: ReactNode }) {
  return <LookContext value={look}>{children}</LookContext>
}

type ControlProps = {
  id: string
  className: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  /** Native `required`: every form here is noValidate, so it marks the field without a browser bubble. */
  required?: boolean
}

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
  const look = LOOKS[use(LookContext)]
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={look.field || undefined}>
      <label htmlFor={id} className={look.label}>
        {srPrefix && <span className="sr-only">{srPrefix} </span>}
        {label}
        {required && look.requiredMark && (
          <span aria-hidden="true" className="req">
            {' '}
            *
          </span>
        )}
        {optional && <span className={look.optional}> (optional)</span>}
      </label>
      {children({
        id,
        className: look.control,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
      })}
      {hint && (
        <p id={hintId} className={look.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={look.error}>
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

/** The FormField of one form value: id, error and the label's marks come from the form. */
function BoundField<V extends FormValues>({
  form,
  name,
  label,
  hint,
  required,
  optional,
  srPrefix,
  children,
}: Common<V> & { children: (props: ControlProps) => ReactNode }) {
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
      {children}
    </FormField>
  )
}

type Omitted = 'form' | 'name' | 'value' | 'onChange' | 'id' | 'className'

export function TextField<V extends FormValues>({
  form,
  name,
  label,
  hint,
  required,
  optional,
  srPrefix,
  ...input
}: Common<V> & Omit<InputHTMLAttributes<HTMLInputElement>, Omitted>) {
  return (
    <BoundField form={form} name={name} label={label} hint={hint} required={required} optional={optional} srPrefix={srPrefix}>
      {(props) => (
        <input
          {...input}
          {...props}
          name={name}
          value={String(form.values[name] ?? '')}
          onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
        />
      )}
    </BoundField>
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
}: Common<V> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Omitted>) {
  return (
    <BoundField form={form} name={name} label={label} hint={hint} required={required} optional={optional} srPrefix={srPrefix}>
      {(props) => (
        <textarea
          {...input}
          {...props}
          rows={rows}
          name={name}
          value={String(form.values[name] ?? '')}
          onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
        />
      )}
    </BoundField>
  )
}

/** A choice from a list; `placeholder` is the empty first option, which cannot be chosen again. */
export function SelectField<V extends FormValues>({
  form,
  name,
  label,
  hint,
  required,
  optional,
  srPrefix,
  options,
  placeholder,
  ...select
}: Common<V> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    Omitted
  >) {
  return (
    <BoundField form={form} name={name} label={label} hint={hint} required={required} optional={optional} srPrefix={srPrefix}>
      {(props) => (
        <select
          {...select}
          {...props}
          name={name}
          value={String(form.values[name] ?? '')}
          onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </BoundField>
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
