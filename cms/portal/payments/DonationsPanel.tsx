import { useState } from 'react'
import { Button } from '../components/Button'
import { formatMoney } from '#shared/money'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { RecordGiftDialog } from './RecordGiftDialog'
import { useWholeList } from '../lib/list'
import { KEYS } from '../lib/keys'
import type { AdminCampaign, AdminDonation } from '#shared/api'
import { MoneyListPanel } from './MoneyListPanel'
import { PAYMENT_METHOD_LABELS } from './types'
import { UnmatchedRefunds } from './UnmatchedRefunds'

/**
 * Every gift (card, check, cash, Venmo), newest first, a page at a time,
 * filtered by status, method, campaign and date; "Record a gift", the status
 * moves each gift allows, receipts resent, and the CSV export of what the
 * filters select.
 */
export function DonationsPanel() {
  const [recording, setRecording] = useState(false)
  const campaigns = useWholeList<AdminCampaign>(KEYS.campaigns)
  const campaignName = (cid: string | null) =>
    cid ? (campaigns.data?.find((c) => c.id === cid)?.name ?? 'Unknown campaign') : 'General fund'

  return (
    <>
      <UnmatchedRefunds />
      <MoneyListPanel<AdminDonation>
        kind="donations"
        title="Donations"
        description="Every gift, newest first. Record checks, cash and Venmo here; card payments arrive by themselves."
        action={
          <Button size="sm" onClick={() => setRecording(true)}>
            Record a gift
          </Button>
        }
        campaigns={campaigns.data ?? []}
        campaignName={campaignName}
        row={(d) => ({
          name: d.donorName,
          email: d.donorEmail,
          what: `the gift from ${d.donorName}`,
          details: (
            <>
              <p className="text-sm text-gray-600">
                {formatDay(d.receivedAt ?? d.createdAt)} · {PAYMENT_METHOD_LABELS[d.paymentMethod] ?? d.paymentMethod} ·{' '}
                {campaignName(d.campaignId)}
                {d.reference ? ` · ${d.reference}` : ''}
                {d.receiptNumber && !d.receiptVoid ? ` · receipt ${d.receiptNumber}` : ''}
              </p>
            </>
          ),
          amount: (
            <>
              {formatMoney(d.amount, ADMIN_MONEY)}
              {d.refundedAmount && (
                <span className="text-sm font-normal text-gray-600"> ({formatMoney(d.refundedAmount, ADMIN_MONEY)} refunded)</span>
              )}
            </>
          ),
        })}
      />
      <RecordGiftDialog open={recording} onOpenChange={setRecording} />
    </>
  )
}
