import { formatMoney } from '#shared/money'
import type { AdminUnmatchedRefund } from '#shared/api'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'
import { useAdminList } from '../lib/list'

/**
 * Refunds (and lost disputes) Stripe sent for a payment not recorded yet (docs/payments.md): acknowledged to
 * Stripe and kept; each is applied by itself, on its own day, when its payment arrives, and leaves this list. One
 * that stays names a payment that never came (or failed): the treasurer looks into it. Shows nothing when there are none.
 */
export function UnmatchedRefunds() {
  const { items: data } = useAdminList<AdminUnmatchedRefund>(KEYS.unmatchedRefunds)
  if (!data?.length) return null
  return (
    <section
      aria-labelledby="unmatched-refunds-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="unmatched-refunds"
    >
      <h3 id="unmatched-refunds-title" className="font-semibold text-gray-900">
        Refunds waiting for their payment
      </h3>
      <p className="text-sm text-gray-700">
        Stripe refunded these payments before it told us of them. Each is applied by itself, on the day it was made, when its payment
        arrives; one that stays here names a payment that never came: look it up in Stripe.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-800">
        {data.map((r) => (
          <li key={r.id} className="wrap-anywhere">
            A refund of {formatMoney(r.amount, ADMIN_MONEY)} waiting for its payment ({r.payment ? `payment ${r.payment}, ` : ''}Stripe
            event {r.eventId}, received {formatDay(r.receivedAt)})
          </li>
        ))}
      </ul>
    </section>
  )
}
