import type { SelectHTMLAttributes } from 'react'
import { HAND_PAYMENT_METHODS, PAYMENT_METHODS, type PaymentMethod } from '#shared/payments'
import { PAYMENT_METHOD_LABELS } from './types'

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: PaymentMethod | ''
  onChange: (method: PaymentMethod | '') => void
  /** A first option for no method in particular (a list's filter: "All"). */
  anyLabel?: string
  /** Money a person hands over (Record a gift, marking a pledge received): never "Card", which Stripe alone records. */
  byHand?: boolean
}

/** The one payment-method picker, in words: every method for the lists' filter, the hand-taken ones for a record typed in. */
export function PaymentMethodSelect({ value, onChange, anyLabel, byHand = false, ...props }: Props) {
  return (
    <select {...props} value={value} onChange={(e) => onChange(e.target.value as PaymentMethod | '')}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {(byHand ? HAND_PAYMENT_METHODS : PAYMENT_METHODS).map((m) => (
        <option key={m} value={m}>
          {PAYMENT_METHOD_LABELS[m]}
        </option>
      ))}
    </select>
  )
}
