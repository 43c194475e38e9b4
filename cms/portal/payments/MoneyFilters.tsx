import { useId } from 'react'
import { MONEY_STATUSES, type MoneyStatus, type PaymentMethod } from '#shared/payments'
import { PaymentMethodSelect } from './PaymentMethodSelect'
import { PAYMENT_METHOD_LABELS, STATUS_LABELS } from './types'

const inputClass = 'block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900'

export type Filters = { status: string; method: string; campaign: string; from: string; to: string }
export const NO_FILTERS: Filters = { status: '', method: '', campaign: '', from: '', to: '' }

/**
 * The filters of a money list (status, method, campaign when `campaigns` is
 * given, the days received). The list and its CSV export both send them, so
 * the file holds what the screen shows.
 */
export function MoneyFilters({
  legend,
  filters,
  onChange,
  campaigns,
}: {
  legend: string
  filters: Filters
  onChange: (filters: Filters) => void
  campaigns?: Array<{ id: string; name: string }>
}) {
  const id = useId()
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => onChange({ ...filters, [key]: event.target.value })
  return (
    <fieldset className={`mb-4 grid gap-3 ${campaigns ? 'sm:grid-cols-5' : 'sm:grid-cols-4'}`}>
      <legend className="sr-only">{legend}</legend>
      <label className="text-sm text-gray-700" htmlFor={`${id}-status`}>
        Status
        <select id={`${id}-status`} className={inputClass} value={filters.status} onChange={set('status')}>
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
        <PaymentMethodSelect
          id={`${id}-method`}
          className={inputClass}
          value={filters.method as PaymentMethod | ''}
          onChange={(method) => onChange({ ...filters, method })}
          anyLabel="All"
        />
      </label>
      {campaigns && (
        <label className="text-sm text-gray-700" htmlFor={`${id}-campaign`}>
          Campaign
          <select id={`${id}-campaign`} className={inputClass} value={filters.campaign} onChange={set('campaign')}>
            <option value="">All</option>
            <option value="general">General fund</option>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="text-sm text-gray-700" htmlFor={`${id}-from`}>
        From
        <input id={`${id}-from`} type="date" className={inputClass} value={filters.from} onChange={set('from')} />
      </label>
      <label className="text-sm text-gray-700" htmlFor={`${id}-to`}>
        To
        <input id={`${id}-to`} type="date" className={inputClass} value={filters.to} onChange={set('to')} />
      </label>
    </fieldset>
  )
}

/** What a filtered list (and so its export) holds, in words: "the 3 refunded check donations for Uniforms received from 2026-01-01". */
export function describeFilters(noun: string, total: number | null, filters: Filters, campaignName: (id: string) => string): string {
  const words = [
    total === null ? 'the' : `the ${total}`,
    filters.status && (STATUS_LABELS[filters.status as MoneyStatus] ?? filters.status).toLowerCase(),
    filters.method && (PAYMENT_METHOD_LABELS[filters.method as PaymentMethod] ?? filters.method),
    noun,
    filters.campaign && `for ${filters.campaign === 'general' ? 'the general fund' : campaignName(filters.campaign)}`,
    filters.from && `received from ${filters.from}`,
    filters.to && `${filters.from ? '' : 'received '}through ${filters.to}`,
  ]
  return words.filter(Boolean).join(' ')
}
