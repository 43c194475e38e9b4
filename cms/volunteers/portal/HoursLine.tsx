import { useId, useState } from 'react'
import useSWR from 'swr'
import { formatCents, formatMoney, toCents } from '#shared/money'
import { formatHours, hoursInWords, hoursMissing } from '#shared/volunteers'
import { FormField } from '#ui/form/fields.tsx'
import { Button } from '#portal/components/Button.tsx'
import { EntityDialog } from '#portal/components/EntityDialog.tsx'
import { ADMIN_MONEY } from '#portal/lib/format.ts'
import { useDialogSubmit, useDialogValues } from '#portal/lib/dialog.ts'
import { useClubToday } from '#portal/lib/session.ts'
import type { VolunteerSetting } from '../../payload-types'
import { PaidInPersonFields } from '#portal/components/PaidInPersonFields.tsx'
import type { HouseholdHoursRow } from '../hours'
import { act } from './actions'

/** The hours of the season the tab shows, one request for every household (GET /api/admin/volunteer/hours). */
export const useSeasonHours = (season: string | null) =>
  useSWR<{ season: { id: string; label: string } | null; rows: HouseholdHoursRow[] }>(
    season === null ? null : `/api/admin/volunteer/hours${season ? `?season=${season}` : ''}`,
  )

/**
 * A household's volunteer hours on its Members tab row: "Volunteering: 6 of 10 hours this season", and, when the
 * club offers a buy-out and hours are missing, "Buy out hours" (docs/VOLUNTEERS.md "Buy-out").
 */
export function HoursLine({ household, season }: { household: string; season: string }) {
  const row = useSeasonHours(season).data?.rows.find((r) => r.householdId === household)
  const settings = useSWR<VolunteerSetting>('/cms-api/globals/volunteer-settings')
  const [buying, setBuying] = useState(false)
  if (!row) return null
  const price = settings.data?.buyOutEnabled ? settings.data.buyOutPricePerHour : null
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-gray-600" data-testid="household-volunteer-hours">
        Volunteering: {hoursInWords(row)}
      </p>
      {price && row.season && hoursMissing(row) > 0 && (
        <Button size="sm" variant="secondary" onClick={() => setBuying(true)}>
          Buy out hours<span className="sr-only"> of {row.household}</span>
        </Button>
      )}
      {buying && price && <BuyOutDialog row={row} price={price} onClose={() => setBuying(false)} />}
    </div>
  )
}

/** Hours not worked, paid in person (POST /api/admin/volunteer/households/:id/buy-out): a participation fee. */
function BuyOutDialog({ row, price, onClose }: { row: HouseholdHoursRow; price: string; onClose: () => void }) {
  const id = useId()
  const today = useClubToday()
  const missing = hoursMissing(row)
  const [values, set] = useDialogValues({ hours: formatHours(missing), method: 'cash', receivedOn: '', checkNumber: '' })
  const hours = Number(values.hours)
  const amount = Number.isFinite(hours) && hours > 0 ? formatCents(Math.round(toCents(price) * hours)) : null
  const { pending, submit } = useDialogSubmit(
    () =>
      act(
        'POST',
        `/api/admin/volunteer/households/${row.householdId}/buy-out`,
        { hours, method: values.method, receivedOn: values.receivedOn || today, checkNumber: values.checkNumber, season: row.season!.id },
        'Buy-out recorded: the receipt is on its way',
        'Could not record the buy-out',
      ),
    onClose,
  )
  return (
    <EntityDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Buy out hours: ${row.household}`}
      description={`${formatHours(missing)} hours left to work in ${row.season!.label}, at ${formatMoney(price, ADMIN_MONEY)} an hour, paid in person. A fee for program participation, not a contribution; the receipt is mailed.`}
      submitLabel={amount ? `Record ${formatMoney(amount, ADMIN_MONEY)}` : 'Record the buy-out'}
      pendingLabel="Recording..."
      pending={pending}
      onSubmit={() => void submit()}
    >
      <FormField id={`${id}-hours`} label="Hours bought out" required>
        {(props) => <input {...props} type="number" min={0.25} max={missing} step={0.25} value={values.hours} onChange={set('hours')} />}
      </FormField>
      <PaidInPersonFields values={values} set={set} today={today} />
    </EntityDialog>
  )
}
