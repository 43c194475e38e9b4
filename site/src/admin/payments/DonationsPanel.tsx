import { useId, useState } from 'react'
import useSWR from 'swr'
import { MONEY_MOVES, MONEY_STATUSES, PAYMENT_METHODS } from '#shared/payments'
import { Button, buttonClass } from '../components/Button'
import { ListState, SectionHeader } from '../components/States'
import { StatusBadge } from '../components/StatusBadge'
import { formatMoney } from '#shared/money'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { sendAction } from './moneyActions'
import { RecordGiftDialog } from './RecordGiftDialog'
import { StatusDialog } from './StatusDialog'
import type { AdminDonation } from '#shared/api'
import { PAYMENT_METHOD_LABELS, STATUS_LABELS } from './types'

export const DONATIONS_PER_PAGE = 20

const selectClass = 'block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900'
type Filters = { status: string; method: string; campaign: string; from: string; to: string }
const NO_FILTERS: Filters = { status: '', method: '', campaign: '', from: '', to: '' }

/**
 * Every gift (card, check, cash, Venmo), newest first, a page at a time,
 * filtered by status, method, campaign and date; "Record a gift", the status
 * moves each gift allows, receipts resent, and CSV exports for the treasurer.
 */
export function DonationsPanel() {
  const id = useId()
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const [recording, setRecording] = useState(false)
  const [changing, setChanging] = useState<AdminDonation | null>(null)
  const campaigns = useSWR<Array<{ id: string; name: string }>>('/api/admin/campaigns')
  const campaignName = (cid: string | null) =>
    cid ? (campaigns.data?.find((c) => c.id === cid)?.name ?? 'Unknown campaign') : 'General fund'

  const query = new URLSearchParams({ page: String(page), limit: String(DONATIONS_PER_PAGE) })
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value)
  const list = useSWR<AdminDonation[]>(`/api/admin/donations?${query}`)
  // A full page may have a next one (at worst an empty page says "No donations match").
  const hasNext = (list.data?.length ?? 0) === DONATIONS_PER_PAGE

  const filter = (key: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: event.target.value }))
    setPage(1)
  }

  return (
    <section aria-labelledby="donations-title" className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader
        level={3}
        id="donations-title"
        title="Donations"
        description="Every gift, newest first. Record checks, cash and Venmo here; card payments arrive by themselves."
        action={
          <div className="flex flex-wrap gap-2">
            <a href="/api/admin/donations.csv" className={buttonClass('secondary', 'sm')} download>
              Export donations (CSV)
            </a>
            <a href="/api/admin/sponsorships.csv" className={buttonClass('secondary', 'sm')} download>
              Export sponsorships (CSV)
            </a>
            <Button size="sm" onClick={() => setRecording(true)}>
              Record a gift
            </Button>
          </div>
        }
      />
      <fieldset className="mb-4 grid gap-3 sm:grid-cols-5">
        <legend className="sr-only">Filter donations</legend>
        <label className="text-sm text-gray-700" htmlFor={`${id}-status`}>
          Status
          <select id={`${id}-status`} className={selectClass} value={filters.status} onChange={filter('status')}>
            <option value="">All</option>
            {MONEY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-gray-700" htmlFor={`${id}-method`}>
          Method
          <select id={`${id}-method`} className={selectClass} value={filters.method} onChange={filter('method')}>
            <option value="">All</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-gray-700" htmlFor={`${id}-campaign`}>
          Campaign
          <select id={`${id}-campaign`} className={selectClass} value={filters.campaign} onChange={filter('campaign')}>
            <option value="">All</option>
            <option value="general">General fund</option>
            {(campaigns.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-gray-700" htmlFor={`${id}-from`}>
          From
          <input id={`${id}-from`} type="date" className={selectClass} value={filters.from} onChange={filter('from')} />
        </label>
        <label className="text-sm text-gray-700" htmlFor={`${id}-to`}>
          To
          <input id={`${id}-to`} type="date" className={selectClass} value={filters.to} onChange={filter('to')} />
        </label>
      </fieldset>

      <ListState
        what="donations"
        data={list.data}
        error={list.error}
        isLoading={list.isLoading}
        retry={() => void list.mutate()}
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
                          `/api/admin/donations/${d.id}/receipt`,
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
      <nav aria-label="Donation pages" className="mt-4 flex items-center justify-between">
        <Button size="sm" variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          Previous page
        </Button>
        <span className="text-sm text-gray-600">Page {page}</span>
        <Button size="sm" variant="secondary" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
          Next page
        </Button>
      </nav>
      <RecordGiftDialog open={recording} onOpenChange={setRecording} />
      <StatusDialog
        kind="donations"
        record={changing && { id: changing.id, name: changing.donorName, amount: changing.amount, status: changing.status }}
        onClose={() => setChanging(null)}
      />
    </section>
  )
}
