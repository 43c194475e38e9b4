import { formatMoney } from '#shared/money'
import type { AdminSponsorship } from '#shared/api'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { MoneyListPanel } from './MoneyListPanel'

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
              {formatDay(s.createdAt)} · {s.tier} · {s.sponsorName}
              {s.receiptNumber ? ` · receipt ${s.receiptNumber}` : ''}
            </p>
          ),
          amount: formatMoney(s.amount, ADMIN_MONEY),
        }
      }}
    />
  )
}
