import { useId, useState } from 'react'
import useSWR from 'swr'
import { formatMoney, sumMoney } from '#shared/money'
import type { AdminDeposit, AdminDepositCandidate } from '#shared/api'
import { Button, buttonClass } from '../components/Button'
import { EntityDialog } from '../components/EntityDialog'
import { ListPanel } from '../components/ListPanel'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'
import { refetchList, useAdminList } from '../lib/list'
import { useClubToday } from '../lib/session'
import { sendAction } from './moneyActions'

const methodLabel = (l: AdminDepositCandidate) => (l.method === 'check' ? `Check ${l.reference ?? '(no number)'}` : 'Cash')

/**
 * Bank deposits (docs/ACCOUNTING.md "Deposits"): tick the completed checks and cash not yet deposited,
 * give the day, make the deposit; each deposit keeps its slip (PDF) as told to the bank.
 */
export function DepositsPanel() {
  const id = useId()
  const today = useClubToday()
  const [typedDay, setDay] = useState('')
  const day = typedDay || today
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  // A deposit never changes once made: it is shown whole, and made only once confirmed.
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const undeposited = useSWR<AdminDepositCandidate[]>(KEYS.undeposited)
  const list = useAdminList<AdminDeposit>(KEYS.deposits)
  const candidates = undeposited.data ?? []
  const picked = candidates.filter((c) => chosen.has(c.id))
  const toggle = (gift: string) =>
    setChosen((now) => {
      const next = new Set(now)
      if (next.has(gift)) next.delete(gift)
      else next.add(gift)
      return next
    })
  const total = formatMoney(sumMoney(picked.map((c) => c.amount)), ADMIN_MONEY)
  const checks = picked.filter((c) => c.method === 'check')
  const cash = picked.filter((c) => c.method !== 'check')
  const makeDeposit = async () => {
    const ids = (collection: AdminDepositCandidate['collection']) => picked.filter((c) => c.collection === collection).map((c) => c.id)
    setPending(true)
    const made = await sendAction(
      'POST',
      KEYS.deposits,
      { depositedOn: day, donationIds: ids('donations'), sponsorshipIds: ids('sponsorships'), duesIds: ids('dues') },
      `Deposit of ${formatMoney(sumMoney(picked.map((c) => c.amount)), ADMIN_MONEY)} made`,
      'Could not make the deposit',
    )
    setPending(false)
    if (!made) return
    setConfirming(false)
    setChosen(new Set())
    void undeposited.mutate()
    refetchList(KEYS.deposits)
  }

  return (
    <ListPanel
      title="Deposits"
      description="Checks and cash taken to the bank together: choose the gifts, give the day of the deposit, and print its slip. A deposit never changes once made."
      list={list}
      empty="No deposits yet"
      name="Deposits"
      row={(d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="deposit-row">
          <div className="min-w-0">
            <p className="font-medium text-gray-900">Deposit of {formatDay(d.depositedOn)}</p>
            <p className="text-sm text-gray-600">
              {d.lines.filter((l) => l.method === 'check').length} checks
              {d.lines.some((l) => l.method === 'cash') ? ' and cash' : ''}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">{formatMoney(d.total, ADMIN_MONEY)}</span>
            <a href={`${KEYS.deposits}/${d.id}/slip.pdf`} className={buttonClass('ghost', 'sm')} download>
              Deposit slip (PDF)<span className="sr-only"> of {formatDay(d.depositedOn)}</span>
            </a>
          </div>
        </li>
      )}
    >
      <fieldset className="mb-4 rounded-md border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold text-gray-900">Not yet deposited</legend>
        {undeposited.error ? (
          <p className="text-sm text-red-700">Could not load the gifts to deposit.</p>
        ) : candidates.length === 0 ? (
          <p className="text-sm text-gray-600">{undeposited.data ? 'Every completed check and cash gift is in a deposit.' : 'Loading…'}</p>
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="Checks and cash not yet deposited">
            {candidates.map((c) => (
              <li key={c.id} className="py-1">
                <label className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
                  <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                  <span className="wrap-anywhere">
                    {methodLabel(c)} · {c.name} · {formatDay(c.receivedAt)}
                  </span>
                  <span className="ml-auto font-semibold tabular-nums">{formatMoney(c.amount, ADMIN_MONEY)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <label className="text-sm text-gray-700" htmlFor={`${id}-day`}>
            Day of the deposit
            <input
              id={`${id}-day`}
              type="date"
              value={day}
              onChange={(e) => setDay(e.target.value)}
              className="mt-1 block rounded-md border border-gray-300 px-2 py-1.5 text-sm text-gray-900"
            />
          </label>
          <Button size="sm" disabled={picked.length === 0 || !day} onClick={() => setConfirming(true)}>
            Make deposit
            {picked.length > 0 && ` of ${total}`}
          </Button>
        </div>
      </fieldset>
      <EntityDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make this deposit?"
        description={`Deposit of ${formatDay(day)}, ${total}. A deposit never changes once made: check it against the slip you take to the bank.`}
        submitLabel={`Make the deposit of ${total}`}
        pendingLabel="Making the deposit..."
        pending={pending}
        onSubmit={() => void makeDeposit()}
      >
        <div data-testid="deposit-confirmation" className="grid gap-3 text-sm text-gray-900">
          <p>
            <span className="font-medium">Day of the deposit:</span> {formatDay(day)}
          </p>
          <div>
            <p className="font-medium">
              {checks.length} {checks.length === 1 ? 'check' : 'checks'}
              {checks.length > 0 && `, ${formatMoney(sumMoney(checks.map((c) => c.amount)), ADMIN_MONEY)}`}
            </p>
            {checks.length > 0 && (
              <ul className="mt-1 list-disc pl-5" aria-label="Checks in this deposit">
                {checks.map((c) => (
                  <li key={c.id} className="wrap-anywhere">
                    {methodLabel(c)} · {c.name} · {formatMoney(c.amount, ADMIN_MONEY)}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p className="font-medium">
            Cash:{' '}
            {cash.length > 0
              ? `${formatMoney(sumMoney(cash.map((c) => c.amount)), ADMIN_MONEY)} from ${cash.length} ${cash.length === 1 ? 'gift' : 'gifts'}`
              : 'none'}
          </p>
          <p className="font-semibold">Total: {total}</p>
        </div>
      </EntityDialog>
    </ListPanel>
  )
}
