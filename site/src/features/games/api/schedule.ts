import useSWR from 'swr'
import { BUILT_IN_SCHEDULE, type Schedule } from '#shared/games'
import { PUBLIC_DATA } from '#shared/publicPages'

/** The next games and recent finals (GET /api/games), as the server rendered them. */
export function useSchedule() {
  const { data, error } = useSWR<Schedule, Error>(PUBLIC_DATA.schedule)
  return { schedule: data, error, fallback: BUILT_IN_SCHEDULE }
}
