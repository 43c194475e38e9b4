import { useId, useState } from 'react'
import useSWR from 'swr'
import { formatCents, formatMoney, toCents } from '#shared/money'
import type { AdminYearReport, LargeDonor } from '#shared/api'
import { buttonClass } from '../components/Button'
import { SectionHeader } from '../components/States'
import { ADMIN_MONEY } from '../lib/format'
import { KEYS } from '../lib/keys'
import { useClubToday } from '../lib/session'

const money = (amount: string) => formatMoney(amount, ADMIN_MONEY)
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const inputClass = 'mt-1 block rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900'
/** The last day of a month (1–12) of a year, YYYY-MM-DD. */
const lastDay = (year: string, month: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(new Date(Date.UTC(Number(year), month, 0)).getUTCDate()).padStart(2, '0')}`

/**
 * The treasurer's year end on the Overview (docs/ACCOUNTING.md): the year report for Form 990 with what each
 * figure counts and how it reconciles with the ledger, the donors of $5,000 or more (Schedule B) and the
 * accounting ledger of a month or any range, each with its CSV, one click away.
 */
export function YearEndPanel() {
  const id = useId()
  const today = useClubToday()
  const thisYear = Number(today.slice(0, 4)) || new Date().getFullYear()
  const years = useSWR<number[]>(KEYS.donorYears).data ?? [thisYear]
  // The year to close: last year, until another is chosen.
  const [chosen, setChosen] = useState<string | null>(null)
  const year = chosen ?? String(thisYear - 1)
  const report = useSWR<AdminYearReport>(`${KEYS.yearReport}?year=${year}`)
  const large = useSWR<LargeDonor[]>(`${KEYS.largeDonors}?year=${year}`)
  // The ledger's range: a month of the year, or any days typed.
  const [range, setRange] = useState<{ from: string; to: string } | null>(null)
  const from = range?.from ?? `${year}-01-01`
  const to = range?.to ?? `${year}-12-31`
  const chooseMonth = (value: string) =>
    setRange(value === '' ? null : { from: `${year}-${value.padStart(2, '0')}-01`, to: lastDay(year, Number(value)) })

  const r = report.data
  const kept = r ? money(formatCents(toCents(r.donations.kept) + toCents(r.sponsorships.kept) + toCents(r.dues.kept))) : ''
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
      data-testid="year-end"
    >
      <SectionHeader
        level={3}
        id={`${id}-title`}
        title="Year End"
        description="What the treasurer closes the year with: the year's totals for Form 990, the donors of $5,000 or more for Schedule B, and the ledger for the accounting tool."
      />
      <label className="mb-4 block max-w-40 text-sm text-gray-700" htmlFor={`${id}-year`}>
        Year
        <select
          id={`${id}-year`}
          className={`${inputClass} w-full`}
          value={year}
          onChange={(e) => {
            setChosen(e.target.value)
            setRange(null)
          }}
        >
          {[...new Set([thisYear - 1, ...years])]
            .sort((a, b) => b - a)
            .map(String)
            .map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
        </select>
      </label>

      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-semibold text-gray-900">Year report {year}</h4>
            <a href={`${KEYS.yearReport}.csv?year=${year}`} className={buttonClass('secondary', 'sm')} download>
              Year report (CSV)<span className="sr-only"> for {year}</span>
            </a>
          </div>
          {report.error ? (
            <p className="text-sm text-red-700">Could not load the year report.</p>
          ) : !r ? (
            <p className="text-sm text-gray-600">Loading…</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-gray-700">{r.basis}</p>
              <table className="mt-2 w-full text-sm" data-testid="year-report">
                <caption className="sr-only">The year's totals for {year}</caption>
                <tbody className="divide-y divide-gray-100">
                  {(
                    [
                      ['Donations received', r.donations.received],
                      ['Donations refunded', r.donations.refunded],
                      ['Donations kept', r.donations.kept],
                      ['Sponsorships kept', r.sponsorships.kept],
                      ['Sponsorships’ goods value', r.sponsorships.goodsValue],
                      ['Dues kept', r.dues.kept],
                      ['Dues that are no contribution', r.dues.notContributions],
                      ['Stripe fees', r.fees],
                      ['Net kept after fees', r.net],
                    ] as const
                  ).map(([label, amount]) => (
                    <tr key={label}>
                      <th scope="row" className="py-1 pr-2 text-left font-normal text-gray-900">
                        {label}
                      </th>
                      <td className="py-1 text-right whitespace-nowrap tabular-nums">{money(amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <h5 className="mt-4 text-sm font-semibold text-gray-900">Why the ledger’s {year} differs</h5>
              <p className="text-sm text-gray-700">{r.ledger.basis}</p>
              <table className="mt-2 w-full text-sm" data-testid="year-reconciliation">
                <caption className="sr-only">From the year report’s kept to the ledger’s income for {year}</caption>
                <tbody className="divide-y divide-gray-100">
                  <tr>
                    <th scope="row" className="py-1 pr-2 text-left font-normal text-gray-900">
                      Kept (donations, sponsorships and dues)
                    </th>
                    <td className="py-1 text-right whitespace-nowrap tabular-nums">{kept}</td>
                  </tr>
                  {r.reconciliation.map((line) => (
                    <tr key={line.key}>
                      <th scope="row" className="py-1 pr-2 text-left font-normal text-gray-900">
                        {line.label}
                      </th>
                      <td className="py-1 text-right whitespace-nowrap tabular-nums">{money(line.amount)}</td>
                    </tr>
                  ))}
                  <tr className="font-semibold">
                    <th scope="row" className="py-1 pr-2 text-left text-gray-900">
                      The ledger’s income for {year}
                    </th>
                    <td className="py-1 text-right whitespace-nowrap tabular-nums">{money(r.ledger.income)}</td>
                  </tr>
                </tbody>
              </table>
            </>
          )}
        </div>

        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-semibold text-gray-900">Donors of $5,000 or more in {year}</h4>
            <a href={`${KEYS.largeDonors}.csv?year=${year}`} className={buttonClass('secondary', 'sm')} download>
              Large donors (CSV)<span className="sr-only"> for {year}</span>
            </a>
          </div>
          <p className="mt-1 text-sm text-gray-700">
            Form 990 Schedule B: each contributor’s gifts of the year, net of refunds, less goods received.
          </p>
          {large.error ? (
            <p className="text-sm text-red-700">Could not load the large donors.</p>
          ) : !large.data ? (
            <p className="text-sm text-gray-600">Loading…</p>
          ) : large.data.length === 0 ? (
            <p className="mt-2 text-sm text-gray-600">No donor gave $5,000 or more in {year}.</p>
          ) : (
            <ul
              className="mt-2 divide-y divide-gray-100 text-sm"
              aria-label={`Donors of $5,000 or more in ${year}`}
              data-testid="large-donors"
            >
              {large.data.map((d) => (
                <li key={d.email} className="flex flex-wrap justify-between gap-2 py-1">
                  <span className="wrap-anywhere">
                    {d.name} · {d.email} · {d.count} gift{d.count === 1 ? '' : 's'}
                  </span>
                  <span className="font-semibold tabular-nums">{money(d.total)}</span>
                </li>
              ))}
            </ul>
          )}

          <h4 className="mt-6 font-semibold text-gray-900">Ledger for the accounting tool</h4>
          <p className="mt-1 text-sm text-gray-700">
            One row per money movement (gifts, refunds and voids each on its own day, fees, deposits, payouts), to import month by month.
          </p>
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <label className="text-sm text-gray-700" htmlFor={`${id}-month`}>
              Month
              <select
                id={`${id}-month`}
                className={inputClass}
                value={
                  range && range.from.endsWith('-01') && range.to === lastDay(year, Number(range.from.slice(5, 7)))
                    ? String(Number(range.from.slice(5, 7)))
                    : ''
                }
                onChange={(e) => chooseMonth(e.target.value)}
              >
                <option value="">Whole year</option>
                {MONTHS.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm text-gray-700" htmlFor={`${id}-from`}>
              From
              <input
                id={`${id}-from`}
                type="date"
                className={inputClass}
                value={from}
                onChange={(e) => setRange({ from: e.target.value, to })}
              />
            </label>
            <label className="text-sm text-gray-700" htmlFor={`${id}-to`}>
              To
              <input
                id={`${id}-to`}
                type="date"
                className={inputClass}
                value={to}
                onChange={(e) => setRange({ from, to: e.target.value })}
              />
            </label>
            <a href={`${KEYS.ledger}?from=${from}&to=${to}`} className={buttonClass('primary', 'sm')} download data-testid="ledger-link">
              Ledger (CSV)
              <span className="sr-only">
                , {from} to {to}
              </span>
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
