import { useState } from 'react'
import { formatMoney } from '#shared/money'
import type { AdminSponsorship } from '#shared/api'
import { Button } from '../components/Button'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { MoneyListPanel } from './MoneyListPanel'
import { SponsorLogoDialog } from './SponsorLogoDialog'
import { PAYMENT_METHOD_LABELS } from './types'

/** The level as the sponsor chose it ("Free Throw"), recorded with the sponsorship; an old record without it, its level. */
const levelName = (s: AdminSponsorship) => s.tierName ?? `${s.tier.charAt(0).toUpperCase()}${s.tier.slice(1)} level`

/** Whether the row offers a logo: a sponsorship that is or will be on the wall (pledged or paid). */
const takesLogo = (s: AdminSponsorship) => s.status === 'pending' || s.status === 'completed'

/**
 * Every sponsorship (approved applications and ones entered by hand), newest
 * first, with the status moves each allows: a completed one appears on the
 * home page's sponsor wall and gets its receipt.
 */
export function SponsorshipsPanel() {
  const [logoFor, setLogoFor] = useState<AdminSponsorship | null>(null)
  return (
    <>
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
                {/* Pledged until paid; then the day it was paid (received), as the donations list shows it. */}
                {s.status === 'pending'
                  ? `pledged ${formatDay(s.receivedAt ?? s.createdAt)}`
                  : s.receivedAt
                    ? `paid ${formatDay(s.receivedAt)}`
                    : `entered ${formatDay(s.createdAt)}`}{' '}
                · {levelName(s)} · {s.sponsorName}
                {s.logoUrl ? ' · logo on the wall' + (s.status === 'pending' ? ' once paid' : '') : ''}
                {s.paymentMethod ? ` · ${PAYMENT_METHOD_LABELS[s.paymentMethod]}` : ''}
                {s.receiptNumber && !s.receiptVoid ? ` · receipt ${s.receiptNumber}` : ''}
              </p>
            ),
            amount: formatMoney(s.amount, ADMIN_MONEY),
            actions: takesLogo(s) && (
              <Button size="sm" variant="secondary" onClick={() => setLogoFor(s)}>
                {s.logoUrl ? 'Change logo' : 'Add logo'}
                <span className="sr-only"> of {name}</span>
              </Button>
            ),
          }
        }}
      />
      <SponsorLogoDialog sponsorship={logoFor} onClose={() => setLogoFor(null)} />
    </>
  )
}
