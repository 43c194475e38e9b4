import { formatMoney } from '#shared/money'
import type { AdminSponsorship } from '#shared/api'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { MoneyListPanel } from './MoneyListPanel'
import { PAYMENT_METHOD_LABELS } from './types'

/**
 * Every sponsorship (approved applications and ones entered by hand), newest
 * first, with the status moves each allows: a completed one appears on the
 * home page's sponsor wall and gets its receipt.
 */
export function SponsorshipsPanel() {
  return (
    <MoneyListPanel<AdminSponsorship>
      kind="sponsorships"
      title="Sponsorship Payments"
      description="Approved applications start pending; mark one completed when the payment arrives."
      row={(s) => {
        const name = s.sponsorCompany ?? s.sponsorName
        return {
          name,
          email: s.sponsorEmail,
          what: `the sponsorship of ${name}`,
          details: (
            <p className="text-sm text-gray-600">
              {/* The day it was paid (received), as the donations list shows it; the day typed only when none was given. */}
              {s.receivedAt ? `paid ${formatDay(s.receivedAt)}` : `entered ${formatDay(s.createdAt)}`} · {s.tier} · {s.sponsorName}
              {s.paymentMethod ? ` · ${PAYMENT_METHOD_LABELS[s.paymentMethod]}` : ''}
              {s.receiptNumber && !s.receiptVoid ? ` · receipt ${s.receiptNumber}` : ''}
            </p>
          ),
          amount: formatMoney(s.amount, ADMIN_MONEY),
        }
      }}
    />
  )
}
