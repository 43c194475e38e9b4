import useSWR from 'swr'
import { ROSTER_SETTINGS, type RosterPrivacy } from '#shared/roster'
import { apiRequest } from '#ui/lib/api.ts'
import { toast } from '#ui/toast.tsx'
import { errorMessage } from './errors'
import { recheckSessionOn401 } from './session'

/** The club-wide Roster privacy, in Payload's REST (staff read it, admins change it: cms/team/globals/RosterSettings.ts). */
const ROSTER_SETTINGS_PATH = `/cms-api/globals/${ROSTER_SETTINGS}`

/**
 * The setting in force and whether an admin has chosen it (until someone saves it, the global has no record, no
 * `updatedAt`, and the spec's "names and photos as entered" applies), and `choose`: an admin's choice, saved, every
 * screen reading it following (true once saved).
 */
export function useRosterPrivacy() {
  const { data, mutate } = useSWR<{ privacy?: string; updatedAt?: string | null }>(`${ROSTER_SETTINGS_PATH}?depth=0`)
  const choose = async (privacy: RosterPrivacy): Promise<boolean> => {
    try {
      await apiRequest('POST', ROSTER_SETTINGS_PATH, { privacy })
      toast({ title: 'Roster privacy saved' })
      await mutate()
      return true
    } catch (error) {
      recheckSessionOn401(error)
      toast({ title: 'Roster privacy not saved', description: errorMessage(error), variant: 'destructive' })
      return false
    }
  }
  if (!data) return undefined
  const privacy: RosterPrivacy = data.privacy === 'consentOnly' ? 'consentOnly' : 'asEntered'
  return { privacy, chosen: Boolean(data.updatedAt), choose }
}
