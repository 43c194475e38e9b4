import type { SelectHTMLAttributes } from 'react'
import type { FormValues } from '../lib/form'
import { BoundField, splitField, type Common, type Omitted } from './fields'

/** A choice from a list; `placeholder` is the empty first option, which cannot be chosen again. */
export function SelectField<V extends FormValues>(
  props: Common<V> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder: string } & Omit<
      SelectHTMLAttributes<HTMLSelectElement>,
      Omitted
    >,
) {
  const [field, { options, placeholder, ...select }] = splitField<V, typeof props>(props)
  return (
    <BoundField field={field}>
      {(control) => (
        <select {...select} {...control}>
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
