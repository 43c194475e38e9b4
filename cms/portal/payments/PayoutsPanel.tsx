import { formatMoney } from '#shared/money'
import type { AdminPayout } from '#shared/api'
import { ListPanel } from '../components/ListPanel'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'
import { useAdminList } from '../lib/list'

const money = (amount: string) => formatMoney(amount, ADMIN_MONEY)
const LINE_KIND: Record<AdminPayout['lines'][number]['kind'], string> = {
  gift: 'Gift',
  refund: 'Refund',
  fee: 'Stripe fee',
  other: 'Other',
}

/**
 * Stripe's payouts as the bank statement shows them: the day the money arrives and the net total, then
 * each gift, refund and fee it carries, so a deposit from Stripe is matched to its gifts
 * (docs/payments.md "Stripe payouts"). Without STRIPE_SECRET_KEY the lines are not read: the panel says so.
 */
export function PayoutsPanel({ stripeApi }: { stripeApi?: boolean }) {
  const list = useAdminList<AdminPayout>(KEYS.payouts)
  return (
    <ListPanel
      title="Stripe Payouts"
      description="Each deposit Stripe makes to the club's bank, on the day the bank receives it, with the gifts, refunds and Stripe fees it carries."
      list={list}
      empty="No payouts yet"
      name="Payouts"
      row={(p) => (
        <li key={p.id} className="py-3" data-testid="payout-row">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-medium text-gray-900">
              {formatDay(p.arrivalDay)} · <span className="text-sm text-gray-600 wrap-anywhere">{p.payoutId}</span>
            </p>
            <p className="flex items-center gap-3">
              <span className="font-semibold text-gray-900 tabular-nums">{money(p.amount)}</span>
              {p.status === 'failed' && (
                <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
                  Failed{p.failureMessage ? `: ${p.failureMessage}` : ''}
                </span>
              )}
            </p>
          </div>
          {p.linesRead ? (
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">What the payout of {formatDay(p.arrivalDay)} carries</caption>
              <thead>
                <tr className="text-left text-gray-600">
                  <th scope="col" className="py-1 font-medium">
                    Day
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    What
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Fee
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Net
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.lines.map((line) => (
                  <tr key={line.balanceTransactionId} className="border-t border-gray-100" data-testid="payout-line">
                    <td className="py-1">{formatDay(line.day)}</td>
                    <td className="py-1 wrap-anywhere">
                      {LINE_KIND[line.kind]}
                      {line.donorName ? `: ${line.donorName}` : line.description ? `: ${line.description}` : ''}
                      {line.receiptNumber ? ` (receipt ${line.receiptNumber})` : ''}
                      {(line.kind === 'gift' || line.kind === 'refund') && !line.donationId ? ' (no recorded gift matches)' : ''}
                    </td>
                    <td className="py-1 text-right tabular-nums">{money(line.amount)}</td>
                    <td className="py-1 text-right tabular-nums">{money(line.fee)}</td>
                    <td className="py-1 text-right tabular-nums">{money(line.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-1 text-sm text-gray-600">Its gifts, refunds and fees were not read (no Stripe key was set when it arrived).</p>
          )}
        </li>
      )}
    >
      {stripeApi === false && (
        <p className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="payouts-key-notice">
          Payouts are listed with their totals only. With a restricted, read-only Stripe key (STRIPE_SECRET_KEY, README
          &ldquo;Configuration&rdquo;), each card gift also shows Stripe&rsquo;s fee and the net amount, and each payout lists the gifts,
          refunds and fees it carries, to match the bank&rsquo;s deposits.
        </p>
      )}
    </ListPanel>
  )
}
