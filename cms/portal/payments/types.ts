import type { MoneyStatus, PaymentMethod } from '#shared/payments'

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card (Stripe)',
  cash: 'Cash',
  check: 'Check',
  venmo: 'Venmo',
  giving_platform: 'Giving platform',
  other: 'Other',
}

export const STATUS_LABELS: Record<MoneyStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  void: 'Void',
}
