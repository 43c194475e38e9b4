import useSWR from 'swr'
import { formatMoney, sumMoney, toCents } from '#shared/money'
import type { AdminCampaign } from '#shared/api'
import { SectionHeader } from '../components/States'
import { ADMIN_MONEY } from '../lib/format'
import { KEYS } from '../lib/keys'
import { useClubToday } from '../lib/session'
import { useWholeList } from '../lib/list'
import { PAYMENT_METHOD_LABELS } from './types'

/** What GET /api/admin/reports/giving answers (cms/money/records.ts). */
type GivingRow = { key: string; amount: string; count: number }

/** The last 12 months of the club's calendar: from the first day of the month 11 months before `today` to `today`. */
function lastTwelveMonths(today: string) {
  const [year, month] = today.split('-').map(Number)
  const first = new Date(Date.UTC(year, month - 12, 1))
  return { from: `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}-01`, to: today }
}

const monthLabel = (key: string) =>
  new Date(`${key}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const plural = (n: number) => `${n} gift${n === 1 ? '' : 's'}`

/**
 * The year at a glance on the Overview: gifts by month for the last 12
 * months, by campaign and by method, with the totals. Each chart is drawn
 * by hand in SVG and hidden from assistive technology; the table under it is
 * its text alternative and holds the same figures.
 */
export function GivingCharts() {
  const today = useClubToday()
  const { from, to } = today ? lastTwelveMonths(today) : { from: '', to: '' }
  // Asked once the session has said the club's zone (an empty today: still loading).
  const report = (by: string) => (today ? `${KEYS.givingReport}?from=${from}&to=${to}&by=${by}` : null)
  const months = useSWR<GivingRow[]>(report('month'), { revalidateOnMount: true })
  const campaigns = useSWR<GivingRow[]>(report('campaign'), { revalidateOnMount: true })
  const methods = useSWR<GivingRow[]>(report('method'), { revalidateOnMount: true })
  // Every year on record, this one first: the year's totals and the earlier years'.
  const years = useSWR<GivingRow[]>(`${KEYS.givingReport}?by=year`, { revalidateOnMount: true })
  const names = useWholeList<AdminCampaign>(KEYS.campaigns)
  const campaignName = (id: string) =>
    id === 'general' ? 'General fund' : (names.data?.find((c) => c.id === id)?.name ?? 'Unknown campaign')

  const year = to.slice(0, 4)
  const totals = (rows: GivingRow[]) => ({ amount: sumMoney(rows.map((r) => r.amount)), count: rows.reduce((n, r) => n + r.count, 0) })
  const twelve = totals(months.data ?? [])
  // The by-year table's own row: "This year" and "By year" are one figure, never two readings of it.
  const ytd = totals((years.data ?? []).filter((r) => r.key === year))

  return (
    <section aria-labelledby="giving-title" className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <SectionHeader
        level={3}
        id="giving-title"
        title="Giving at a Glance"
        description={`Donations kept from ${from} to ${to}: completed gifts less refunds (the Overview’s “kept”), as the campaign totals count them; sponsorships are not in these charts.`}
      />
      {months.error || campaigns.error || methods.error || years.error ? (
        <p className="text-sm text-red-700">Could not load the giving report.</p>
      ) : (
        <>
          <dl className="mb-4 grid gap-3 sm:grid-cols-2" data-testid="giving-totals">
            <div>
              <dt className="text-sm text-gray-600">Last 12 months</dt>
              <dd className="text-lg font-semibold text-gray-900 tabular-nums">
                {months.data ? `${formatMoney(twelve.amount, ADMIN_MONEY)} from ${plural(twelve.count)}` : '…'}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-gray-600">This year ({year})</dt>
              <dd className="text-lg font-semibold text-gray-900 tabular-nums">
                {years.data ? `${formatMoney(ytd.amount, ADMIN_MONEY)} from ${plural(ytd.count)}` : '…'}
              </dd>
            </div>
          </dl>
          <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-4">
            <Chart id="giving-month" title="By month" keyHeader="Month" rows={months.data} label={monthLabel} />
            <Chart id="giving-campaign" title="By campaign" keyHeader="Campaign" rows={campaigns.data} label={campaignName} />
            <Chart
              id="giving-method"
              title="By method"
              keyHeader="Method"
              rows={methods.data}
              label={(key) => PAYMENT_METHOD_LABELS[key as keyof typeof PAYMENT_METHOD_LABELS] ?? key}
            />
            <Chart id="giving-year" title="By year" keyHeader="Year" rows={years.data} label={(key) => key} empty="No gifts recorded yet" />
          </div>
        </>
      )}
    </section>
  )
}

function Chart({
  id,
  title,
  keyHeader,
  rows,
  label,
  empty = 'No gifts in these 12 months',
}: {
  id: string
  title: string
  keyHeader: string
  rows: GivingRow[] | undefined
  label: (key: string) => string
  empty?: string
}) {
  if (!rows) return <p className="text-sm text-gray-600">Loading {title.toLowerCase()}…</p>
  const max = Math.max(1, ...rows.map((r) => toCents(r.amount)))
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0">
      <figcaption id={`${id}-title`} className="mb-2 text-sm font-semibold text-gray-900">
        {title}
      </figcaption>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">{empty}</p>
      ) : (
        <>
          {/* The picture; the table below says the same in text. */}
          {/* Bars in HTML, labels as text at 12 px whatever the column's width (an SVG scaled its labels down to 7 px). */}
          <div aria-hidden="true" className="space-y-1">
            {rows.map((r) => (
              <div key={r.key} className="flex items-center gap-2">
                <span className="w-28 shrink-0 truncate text-xs text-gray-700">{label(r.key)}</span>
                <span className="h-5 flex-1">
                  <span
                    className="block h-full rounded-sm bg-brand-700"
                    style={{ width: `${(100 * toCents(r.amount)) / max}%`, minWidth: r.count ? 2 : 0 }}
                  />
                </span>
              </div>
            ))}
          </div>
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, as a table`}>
            <table className="w-full text-left text-sm" data-testid={id}>
              <caption className="sr-only">Gifts {title.toLowerCase()}</caption>
              <thead className="border-b border-gray-200 text-gray-600">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {keyHeader}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Gifts
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {rows.map((r) => (
                  <tr key={r.key}>
                    <th scope="row" className="py-1 pr-2 font-normal text-gray-900">
                      {label(r.key)}
                    </th>
                    <td className="py-1 pr-2 text-right whitespace-nowrap text-gray-900 tabular-nums">
                      {formatMoney(r.amount, ADMIN_MONEY)}
                    </td>
                    <td className="py-1 text-right text-gray-900 tabular-nums">{r.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  )
}
