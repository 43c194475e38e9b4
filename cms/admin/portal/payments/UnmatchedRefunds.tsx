import { formatMoney } from '#shared/money'
import type { AdminUnmatchedRefund } from '#shared/api'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'
import { useAdminList } from '../lib/list'

/**
 * Refunds Stripe sent for a payment we could not match to a recorded gift (docs/payments.md): acknowledged to
 * Stripe, kept here for the treasurer to find the gift and record the refund by hand. Shows nothing when there are none.
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
        Refunds to record by hand
      </h3>
      <p className="text-sm text-gray-700">
        Stripe refunded these payments, but no recorded gift matches them: find the gift and record its refund.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-800">
        {data.map((r) => (
          <li key={r.id} className="wrap-anywhere">
            A refund of {formatMoney(r.amount, ADMIN_MONEY)} we could not match ({r.payment ? `payment ${r.payment}, ` : ''}Stripe event{' '}
            {r.eventId}, received {formatDay(r.receivedAt)})
          </li>
        ))}
      </ul>
    </section>
  )
}
