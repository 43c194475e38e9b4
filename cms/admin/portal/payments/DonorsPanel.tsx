import { useId, useState } from 'react'
import { formatMoney } from '#shared/money'
import type { AdminDonor } from '#shared/api'
import { Button, buttonClass } from '../components/Button'
import { ListPanel } from '../components/ListPanel'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { useAdminList } from '../lib/list'
import { sendAction } from './moneyActions'
import { KEYS } from '../lib/keys'

/**
 * Everyone who gave in a year, by email, with their total and first and last
 * gift; the same list as CSV; each donor's year-end statement (PDF), and
 * mailing them all once (again only with "Send again").
 */
export function DonorsPanel() {
  const id = useId()
  const thisYear = new Date().getFullYear()
  const [year, setYear] = useState(String(thisYear))
  const list = useAdminList<AdminDonor>(KEYS.donors, { year })
  const [again, setAgain] = useState(false)
  const mailStatements = () =>
    void sendAction(
      'POST',
      `${KEYS.donors}/statements`,
      { year: Number(year), ...(again ? { force: true } : {}) },
      `The ${year} statements are on their way`,
      'Could not send the statements',
    )
  return (
    <ListPanel
      title="Donors"
      description="Everyone who gave in the year, by email: completed gifts less refunds."
      action={
        <div className="flex flex-wrap items-center gap-2">
          <a href={`${KEYS.donors}.csv?year=${year}`} className={buttonClass('secondary', 'sm')} download>
            Export donors (CSV)<span className="sr-only">: donors of {year}</span>
          </a>
          <Button size="sm" onClick={mailStatements}>
            Mail {year} statements
          </Button>
          <label className="flex items-center gap-1 text-sm text-gray-700">
            <input type="checkbox" checked={again} onChange={(e) => setAgain(e.target.checked)} />
            Send again
          </label>
        </div>
      }
      list={list}
      empty={`No donors in ${year}`}
      name="Donors"
      listLabel={`Donors of ${year}`}
      row={(d) => (
        <li key={d.email} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="donor-row">
          <div className="min-w-0">
            <p className="font-medium text-gray-900 wrap-anywhere">{d.name}</p>
            <p className="text-sm text-gray-600 wrap-anywhere">
              {d.email} · {d.count} gift{d.count === 1 ? '' : 's'} · first {formatDay(d.firstGift)} · last {formatDay(d.lastGift)}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold text-gray-900 tabular-nums">{formatMoney(d.total, ADMIN_MONEY)}</span>
            <a
              href={`${KEYS.donors}/statement.pdf?email=${encodeURIComponent(d.email)}&year=${year}`}
              className={buttonClass('ghost', 'sm')}
              download
            >
              Statement (PDF)<span className="sr-only"> for {d.name}</span>
            </a>
          </div>
        </li>
      )}
    >
      <label className="mb-4 block max-w-40 text-sm text-gray-700" htmlFor={`${id}-year`}>
        Year
        <select
          id={`${id}-year`}
          className="block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900"
          value={year}
          onChange={(e) => setYear(e.target.value)}
        >
          {Array.from({ length: 6 }, (_, i) => String(thisYear - i)).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
    </ListPanel>
  )
}
