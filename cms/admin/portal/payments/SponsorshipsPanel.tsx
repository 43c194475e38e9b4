import { useState } from 'react'
import { MONEY_MOVES } from '#shared/payments'
import { Button, buttonClass } from '../components/Button'
import { PageControls } from '../components/PageControls'
import { ListState, SectionHeader } from '../components/States'
import { StatusBadge } from '../components/StatusBadge'
import { formatMoney } from '#shared/money'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { sendAction } from './moneyActions'
import { StatusDialog, type MoneyRecordRef } from './StatusDialog'
import { filterQuery, useAdminList } from '../lib/list'
import { KEYS } from '../lib/keys'
import type { AdminSponsorship } from '#shared/api'
import { ReceiptsHeldNote } from './EmailStatusNotice'
import { describeFilters, MoneyFilters, NO_FILTERS, type Filters } from './MoneyFilters'

/**
 * Every sponsorship (approved applications and ones entered by hand), newest
 * first, with the status moves each allows: a completed one appears on the
 * home page's sponsor wall and gets its receipt.
 */
export function SponsorshipsPanel() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const list = useAdminList<AdminSponsorship>(KEYS.sponsorships, filters)
  const [changing, setChanging] = useState<MoneyRecordRef | null>(null)
  const holds = describeFilters('sponsorships', list.total, filters, () => '')
  return (
    <section aria-labelledby="sponsorship-records-title" className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader
        level={3}
        id="sponsorship-records-title"
        title="Sponsorship Payments"
        description="Approved applications start pending; mark one completed when the payment arrives."
        action={
          <a href={`${KEYS.sponsorships}.csv?${filterQuery(filters)}`} className={buttonClass('secondary', 'sm')} download>
            Export sponsorships (CSV)<span className="sr-only">: {holds}</span>
          </a>
        }
      />
      <ReceiptsHeldNote />
      <MoneyFilters legend="Filter sponsorships" filters={filters} onChange={setFilters} />
      <p className="mb-2 text-sm text-gray-600" data-testid="sponsorships-count" aria-live="polite">
        Showing {holds}; the export holds the same.
      </p>
      <ListState
        what="sponsorships"
        data={list.items}
        error={list.error}
        isLoading={list.isLoading}
        retry={list.retry}
        empty={<p className="py-6 text-center text-gray-600">No sponsorships match</p>}
      >
        {(items) => (
          <ul className="divide-y divide-gray-200" aria-label="Sponsorships">
            {items.map((s) => {
              const name = s.sponsorCompany ?? s.sponsorName
              return (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="sponsorship-row">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900 wrap-anywhere">{name}</p>
                    <p className="text-sm text-gray-600">
                      {formatDay(s.createdAt)} · {s.tier} · {s.sponsorName}
                      {s.receiptNumber ? ` · receipt ${s.receiptNumber}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    <span className="font-semibold text-gray-900 tabular-nums">{formatMoney(s.amount, ADMIN_MONEY)}</span>
                    <StatusBadge status={s.status} />
                    {MONEY_MOVES[s.status].length > 0 && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setChanging({ id: s.id, name, amount: s.amount, status: s.status })}
                      >
                        Change status<span className="sr-only"> of the sponsorship of {name}</span>
                      </Button>
                    )}
                    {s.status === 'completed' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() =>
                          void sendAction(
                            'POST',
                            `${KEYS.sponsorships}/${s.id}/receipt`,
                            undefined,
                            'Receipt queued',
                            'Could not resend the receipt',
                          )
                        }
                      >
                        Resend receipt<span className="sr-only"> to {name}</span>
                      </Button>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </ListState>
      {list.pager && <PageControls pager={list.pager} label="Sponsorships" />}
      <StatusDialog kind="sponsorships" record={changing} onClose={() => setChanging(null)} />
    </section>
  )
}
