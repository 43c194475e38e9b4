import useSWR from 'swr'
import { hoursInWords } from '#shared/volunteers'
import type { HouseholdHoursRow } from '../hours'

/** The hours of the season the tab shows, one request for every household (GET /api/admin/volunteer/hours). */
export const useSeasonHours = (season: string | null) =>
  useSWR<{ season: { id: string; label: string } | null; rows: HouseholdHoursRow[] }>(
    season === null ? null : `/api/admin/volunteer/hours${season ? `?season=${season}` : ''}`,
  )

/** A household's volunteer hours on its Members tab row: "Volunteering: 6 of 10 hours this season". */
export function HoursLine({ household, season }: { household: string; season: string }) {
  const row = useSeasonHours(season).data?.rows.find((r) => r.householdId === household)
  if (!row) return null
  return (
    <p className="text-sm text-gray-600" data-testid="household-volunteer-hours">
      Volunteering: {hoursInWords(row)}
    </p>
  )
}
