import { useState, type ReactNode } from 'react'
import { MONEY_MOVES, VOID_CATEGORY_LABELS, type VoidCategory } from '#shared/payments'
import type { AdminDonation, AdminSponsorship } from '#shared/api'
import { Button, buttonClass } from '../components/Button'
import { ListPanel } from '../components/ListPanel'
import { StatusBadge } from '../components/StatusBadge'
import { formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'
import { filterQuery, useAdminList } from '../lib/list'
import { ReceiptsHeldNote } from './EmailStatusNotice'
import { sendAction } from './moneyActions'
import { describeFilters, MoneyFilters, NO_FILTERS, type Filters } from './MoneyFilters'
import { StatusDialog, type MoneyRecordRef } from './StatusDialog'

/** What a money list says of one record beside its status and actions. */
type MoneyRow = {
  /** Who gave: the row's title. */
  name: string
  /** Where "Resend receipt" sends it: offered only for an address (as the server checks). */
  email: string
  /** The lines under the name: day, method, receipt… */
  details: ReactNode
  amount: ReactNode
  /** For screen readers: "Change status of {what}". */
  what: string
  /** More actions beside the status and receipt ones (a sponsorship's logo). */
  actions?: ReactNode
}

/** When a record was refunded or voided (the club's day), why, and its withdrawn receipt: the same on every money list. */
function RefundAndVoidLine({ record }: { record: AdminDonation | AdminSponsorship }) {
  if (record.status === 'void')
    return (
      <p className="text-sm text-gray-600">
        Voided {record.voidedOn ? formatDay(record.voidedOn) : ''}:{' '}
        {VOID_CATEGORY_LABELS[record.voidCategory as VoidCategory] ?? 'withdrawn'}
        {record.voidReason ? ` (${record.voidReason})` : ''}
        {record.receiptVoid ? ` · receipt ${record.receiptNumber} void` : ''}
      </p>
    )
  if (record.refundedOn) return <p className="text-sm text-gray-600">Refunded {formatDay(record.refundedOn)}</p>
  return null
}

/**
 * Donations or sponsorships, newest first, a page at a time, as the filters
 * select them; a count of what they select, the CSV export of the same, and
 * on each record the status moves it allows and its receipt sent again.
 */
export function MoneyListPanel<R extends AdminDonation | AdminSponsorship>({
  kind,
  title,
  description,
  action,
  campaigns,
  campaignName = () => '',
  row,
}: {
  kind: 'donations' | 'sponsorships'
  title: string
  description: string
  /** Beside the export link. */
  action?: ReactNode
  /** The campaign filter's choices; without them, no campaign filter. */
  campaigns?: Array<{ id: string; name: string }>
  campaignName?: (id: string) => string
  row: (record: R) => MoneyRow
}) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [changing, setChanging] = useState<MoneyRecordRef | null>(null)
  const list = useAdminList<R>(KEYS[kind], filters)
  const holds = describeFilters(kind, list.total, filters, campaignName)
  const name = kind === 'donations' ? 'Donations' : 'Sponsorships'
  const testId = kind === 'donations' ? 'donation-row' : 'sponsorship-row'

  return (
    <>
      <ListPanel
        title={title}
        description={description}
        action={
          <div className="flex flex-wrap gap-2">
            <a href={`${KEYS[kind]}.csv?${filterQuery(filters)}`} className={buttonClass('secondary', 'sm')} download>
              Export {kind} (CSV)<span className="sr-only">: {holds}</span>
            </a>
            {action}
          </div>
        }
        list={list}
        empty={`No ${kind} match`}
        name={name}
        row={(record) => {
          const { name, email, details, amount, what, actions } = row(record)
          return (
            <li key={record.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={testId}>
              <div className="min-w-0">
                <p className="font-medium text-gray-900 wrap-anywhere">{name}</p>
                {details}
                <RefundAndVoidLine record={record} />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">{amount}</span>
                <StatusBadge status={record.status} />
                {MONEY_MOVES[record.status].length > 0 && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      setChanging({
                        id: record.id,
                        name,
                        amount: record.amount,
                        status: record.status,
                        paymentMethod: record.paymentMethod,
                      })
                    }
                  >
                    Change status<span className="sr-only"> of {what}</span>
                  </Button>
                )}
                {record.status === 'completed' && email.includes('@') && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      void sendAction(
                        'POST',
                        `${KEYS[kind]}/${record.id}/receipt`,
                        undefined,
                        'Receipt queued',
                        'Could not resend the receipt',
                      )
                    }
                  >
                    Resend receipt<span className="sr-only"> to {name}</span>
                  </Button>
                )}
                {actions}
              </div>
            </li>
          )
        }}
      >
        <ReceiptsHeldNote />
        <MoneyFilters legend={`Filter ${kind}`} filters={filters} onChange={setFilters} campaigns={campaigns} />
        <p className="mb-2 text-sm text-gray-600" data-testid={`${kind}-count`} aria-live="polite">
          Showing {holds}; the export holds the same.
        </p>
      </ListPanel>
      <StatusDialog kind={kind} record={changing} onClose={() => setChanging(null)} />
    </>
  )
}
