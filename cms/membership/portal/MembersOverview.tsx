import useSWR from 'swr'
import { formatMoney } from '#shared/money'
import type { MembersSummary } from '../members'

/** The Overview's line for the season (GET /api/admin/members/summary): "84 households active, 12 not yet renewed, $5,040 dues this season". */
export function MembersOverview() {
  const { data } = useSWR<MembersSummary>('/api/admin/members/summary')
  if (!data?.season) return null
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  return (
    <section aria-labelledby="members-overview" className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h3 id="members-overview" className="text-lg font-semibold text-gray-900">
        {`Members ${data.season.label}`}
      </h3>
      <p className="mt-1 text-gray-800" data-testid="members-overview">
        {`${plural(data.active, 'household')} active, ${data.notRenewed} not yet renewed, ${formatMoney(data.dues)} dues this season`}
        {data.pending > 0 ? ` (${data.pending} waiting for payment)` : ''}.
      </p>
      <p className="mt-1 text-sm">
        <a href="/admin?tab=members" className="text-brand-700 underline">
          Open the Members tab
        </a>
      </p>
    </section>
  )
}
