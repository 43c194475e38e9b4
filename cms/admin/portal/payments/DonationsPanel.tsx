import { useState } from 'react'
import { MONEY_MOVES } from '#shared/payments'
import { Button, buttonClass } from '../components/Button'
import { ListState, SectionHeader } from '../components/States'
import { PageControls } from '../components/PageControls'
import { StatusBadge } from '../components/StatusBadge'
import { formatMoney } from '#shared/money'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { sendAction } from './moneyActions'
import { RecordGiftDialog } from './RecordGiftDialog'
import { StatusDialog } from './StatusDialog'
import { filterQuery, useAdminList, useWholeList } from '../lib/list'
import { KEYS } from '../lib/keys'
import type { AdminCampaign, AdminDonation } from '#shared/api'
import { ReceiptsHeldNote } from './EmailStatusNotice'
import { describeFilters, MoneyFilters, NO_FILTERS, type Filters } from './MoneyFilters'
import { PAYMENT_METHOD_LABELS } from './types'

/**
 * Every gift (card, check, cash, Venmo), newest first, a page at a time,
 * filtered by status, method, campaign and date; "Record a gift", the status
 * moves each gift allows, receipts resent, and the CSV export of what the
 * filters select.
 */
export function DonationsPanel() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [recording, setRecording] = useState(false)
  const [changing, setChanging] = useState<AdminDonation | null>(null)
  const campaigns = useWholeList<AdminCampaign>(KEYS.campaigns)
  const campaignName = (cid: string | null) =>
    cid ? (campaigns.data?.find((c) => c.id === cid)?.name ?? 'Unknown campaign') : 'General fund'
  const list = useAdminList<AdminDonation>(KEYS.donations, filters)
  const holds = describeFilters('donations', list.total, filters, campaignName)

  return (
    <section aria-labelledby="donations-title" className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader
        level={3}
        id="donations-title"
        title="Donations"
        description="Every gift, newest first. Record checks, cash and Venmo here; card payments arrive by themselves."
        action={
          <div className="flex flex-wrap gap-2">
            <a href={`${KEYS.donations}.csv?${filterQuery(filters)}`} className={buttonClass('secondary', 'sm')} download>
              Export donations (CSV)<span className="sr-only">: {holds}</span>
            </a>
            <Button size="sm" onClick={() => setRecording(true)}>
              Record a gift
            </Button>
          </div>
        }
      />
      <ReceiptsHeldNote />
      <MoneyFilters legend="Filter donations" filters={filters} onChange={setFilters} campaigns={campaigns.data ?? []} />
      <p className="mb-2 text-sm text-gray-600" data-testid="donations-count" aria-live="polite">
        Showing {holds}; the export holds the same.
      </p>
      <ListState
        what="donations"
        data={list.items}
        error={list.error}
        isLoading={list.isLoading}
        retry={list.retry}
        empty={<p className="py-6 text-center text-gray-600">No donations match</p>}
      >
        {(items) => (
          <ul className="divide-y divide-gray-200" aria-label="Donations">
            {items.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="donation-row">
                <div className="min-w-0">
                  <p className="font-medium text-gray-900 wrap-anywhere">{d.donorName}</p>
                  <p className="text-sm text-gray-600">
                    {formatDay(d.receivedAt ?? d.createdAt)} · {PAYMENT_METHOD_LABELS[d.paymentMethod] ?? d.paymentMethod} ·{' '}
                    {campaignName(d.campaignId)}
                    {d.reference ? ` · ${d.reference}` : ''}
                    {d.receiptNumber ? ` · receipt ${d.receiptNumber}` : ''}
                  </p>
                  {d.voidReason && <p className="text-sm text-gray-600">Voided: {d.voidReason}</p>}
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold text-gray-900 tabular-nums">
                    {formatMoney(d.amount, ADMIN_MONEY)}
                    {d.refundedAmount && (
                      <span className="text-sm font-normal text-gray-600"> ({formatMoney(d.refundedAmount, ADMIN_MONEY)} refunded)</span>
                    )}
                  </span>
                  <StatusBadge status={d.status} />
                  {MONEY_MOVES[d.status].length > 0 && (
                    <Button size="sm" variant="secondary" onClick={() => setChanging(d)}>
                      Change status<span className="sr-only"> of the gift from {d.donorName}</span>
                    </Button>
                  )}
                  {d.status === 'completed' && d.donorEmail.includes('@') && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        void sendAction(
                          'POST',
                          `${KEYS.donations}/${d.id}/receipt`,
                          undefined,
                          'Receipt queued',
                          'Could not resend the receipt',
                        )
                      }
                    >
                      Resend receipt<span className="sr-only"> to {d.donorName}</span>
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {list.pager && <PageControls pager={list.pager} label="Donations" />}
      <RecordGiftDialog open={recording} onOpenChange={setRecording} />
      <StatusDialog
        kind="donations"
        record={changing && { id: changing.id, name: changing.donorName, amount: changing.amount, status: changing.status }}
        onClose={() => setChanging(null)}
      />
    </section>
  )
}
