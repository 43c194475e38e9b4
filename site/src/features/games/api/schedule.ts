import useSWR from 'swr'
import type { Schedule } from '#shared/games'
import { PUBLIC_DATA } from '#shared/publicPages'

const NOT_YET: Schedule = { upcoming: [], recent: [] }

/** The next games and recent finals (GET /api/games), as the server rendered them. */
export function useSchedule(): Schedule {
  return useSWR<Schedule, Error>(PUBLIC_DATA.schedule).data ?? NOT_YET
}
