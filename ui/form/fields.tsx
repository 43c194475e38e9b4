import { createContext, use, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import type { FormApi, FormValues } from '../lib/form'

/**
 * The one field family of every form, public and admin: a label, the control,
 * its hint and its error, linked through aria-describedby so a screen reader
 * reads the error with the field (SelectField.tsx and CheckboxField.tsx beside
 * this file complete it). Only the look differs: the public pages' form
 * classes with a red asterisk on required labels, or the admin's compact
 * controls, set with <FieldLook>.
 */
/** The classes a look gives a field's parts; `requiredMark` adds a red asterisk to required labels. */
export type FieldLookStyle = {
  field: string
  label: string
  control: string
  hint: string
  error: string
  optional: string
  requiredMark: boolean
}

/** The public pages' form classes (styles/public.css); the admin sets its own (admin/components/adminFieldLook.ts). */
const PUBLIC_LOOK: FieldLookStyle = {
  field: '',
  label: 'field-label',
  control: 'field',
  hint: 'mt-1 text-xs text-gray-600',
  error: 'field-error',
  optional: 'optional',
  requiredMark: true,
}

const LookContext = createContext<FieldLookStyle>(PUBLIC_LOOK)

/** Sets the look of the fields inside (default: the public pages' look). */
export function FieldLook({ look, children }: { look: FieldLookStyle; children: ReactNode }) {
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
  const look = use(LookContext)
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

export type Common<V extends FormValues> = {
  form: FormApi<V>
  name: keyof V & string
  label: string
  hint?: string
  required?: boolean
  optional?: boolean
  srPrefix?: string
}

/** A field's own props apart from the control's (placeholder, type, rows, ...). */
export function splitField<V extends FormValues, P extends Common<V>>(props: P): [Common<V>, Omit<P, keyof Common<V>>] {
  const { form, name, label, hint, required, optional, srPrefix, ...control } = props
  return [{ form, name, label, hint, required, optional, srPrefix }, control]
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** The FormField of one form value: the control gets its id, marks, name, value and change handler from the form. */
export function BoundField<V extends FormValues>({
  field: { form, name, ...label },
  children,
}: {
  field: Common<V>
  children: (props: ControlProps & { name: string; value: string; onChange: (e: ChangeEvent<Control>) => void }) => ReactNode
}) {
  return (
    <FormField id={form.idFor(name)} error={form.errors[name]} {...label}>
      {(props) =>
        children({
          ...props,
          name,
          value: String(form.values[name] ?? ''),
          onChange: (e) => form.setValue(name, e.target.value as V[typeof name]),
        })
      }
    </FormField>
  )
}

export type Omitted = 'form' | 'name' | 'value' | 'onChange' | 'id' | 'className'

export function TextField<V extends FormValues>(props: Common<V> & Omit<InputHTMLAttributes<HTMLInputElement>, Omitted>) {
  const [field, input] = splitField<V, typeof props>(props)
  return <BoundField field={field}>{(control) => <input {...input} {...control} />}</BoundField>
}

export function TextAreaField<V extends FormValues>(props: Common<V> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Omitted>) {
  const [field, { rows = 3, ...textarea }] = splitField<V, typeof props>(props)
  return <BoundField field={field}>{(control) => <textarea rows={rows} {...textarea} {...control} />}</BoundField>
}
