import type { SelectHTMLAttributes } from 'react'
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/payments'
import { PAYMENT_METHOD_LABELS } from './types'

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: PaymentMethod | ''
  onChange: (method: PaymentMethod | '') => void
  /** A first option for no method in particular (a list's filter: "All"). */
  anyLabel?: string
}

/** The one payment-method picker: every method, in words (Record a gift, marking a pledge received, the lists' filter). */
export function PaymentMethodSelect({ value, onChange, anyLabel, ...props }: Props) {
  return (
    <select {...props} value={value} onChange={(e) => onChange(e.target.value as PaymentMethod | '')}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {PAYMENT_METHODS.map((m) => (
        <option key={m} value={m}>
          {PAYMENT_METHOD_LABELS[m]}
        </option>
      ))}
    </select>
  )
}
