import { formatMoney } from '#shared/money'
import type { AdminMonthlyGift } from '#shared/api'
import { ListPanel } from '../components/ListPanel'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'
import { useAdminList } from '../lib/list'
import { useClubToday } from '../lib/session'
import { Button } from '../components/Button'
import { sendAction } from './moneyActions'

/**
 * Monthly card gifts (Stripe subscriptions), as Stripe reported them: who, the latest month's amount,
 * and whether it runs or was cancelled. Each paid month is also a gift in Donations (docs/payments.md).
 */
export function MonthlyGiftsPanel() {
  const list = useAdminList<AdminMonthlyGift>(KEYS.monthlyGifts)
  const today = useClubToday()
  const lastYear = today ? Number(today.slice(0, 4)) - 1 : null
  // The yearly receipts go out in January when Receipt settings say so; this sends a past year's now (never twice to a donor).
  const sendYearReceipts = () =>
    lastYear &&
    void sendAction(
      'POST',
      KEYS.yearReceipts,
      { year: lastYear },
      `${lastYear} yearly receipts are on their way to monthly donors not sent one yet`,
      'Could not send the yearly receipts',
    )
  return (
    <ListPanel
      title="Monthly Gifts"
      description="Monthly card gifts set up through Stripe; each paid month is also listed under Donations. Donors change or cancel theirs in Stripe's customer portal. Receipt settings (Payload's menu, Fundraising) choose a receipt each month, one for the year in January, or both."
      action={
        lastYear ? (
          <Button size="sm" variant="secondary" onClick={sendYearReceipts}>
            Send {lastYear} yearly receipts
          </Button>
        ) : undefined
      }
      list={list}
      empty="No monthly gifts yet"
      name="Monthly gifts"
      row={(g) => (
        <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="monthly-gift-row">
          <div className="min-w-0">
            <p className="font-medium text-gray-900 wrap-anywhere">{g.donorName ?? g.donorEmail ?? g.subscriptionId}</p>
            <p className="text-sm text-gray-600 wrap-anywhere">
              {g.donorEmail} · since {formatDay(g.createdAt)}
              {g.cancelledAt && ` · cancelled ${formatDay(g.cancelledAt)}`}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold text-gray-900 tabular-nums">
              {g.amount ? `${formatMoney(g.amount, ADMIN_MONEY)} a month` : ''}
            </span>
            <span
              className={
                g.status === 'cancelled'
                  ? 'rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-800'
                  : 'rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800'
              }
            >
              {g.status === 'cancelled' ? 'Cancelled' : 'Active'}
            </span>
          </div>
        </li>
      )}
    />
  )
}
