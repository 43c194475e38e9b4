import useSWR, { mutate } from 'swr'
import { ROSTER_SETTINGS, type RosterPrivacy } from '#shared/roster'
import { apiRequest } from '#ui/lib/api.ts'
import { toast } from '#ui/toast.tsx'
import { errorMessage } from './errors'
import { recheckSessionOn401 } from './session'

/** The club-wide Roster privacy, in Payload's REST (staff read it, admins change it: cms/globals/RosterSettings.ts). */
const ROSTER_SETTINGS_PATH = `/cms-api/globals/${ROSTER_SETTINGS}`
const KEY = `${ROSTER_SETTINGS_PATH}?depth=0`

/**
 * The setting in force and whether an admin has chosen it: until someone saves it, the global has no record
 * (no `updatedAt`) and the spec's "names and photos as entered" applies.
 */
export function useRosterPrivacy(): { privacy: RosterPrivacy; chosen: boolean } | undefined {
  const { data } = useSWR<{ privacy?: string; updatedAt?: string | null }>(KEY)
  if (!data) return undefined
  return { privacy: data.privacy === 'consentOnly' ? 'consentOnly' : 'asEntered', chosen: Boolean(data.updatedAt) }
}

/** An admin's choice, saved; every screen reading the setting follows. True once saved. */
export async function chooseRosterPrivacy(privacy: RosterPrivacy): Promise<boolean> {
  try {
    await apiRequest('POST', ROSTER_SETTINGS_PATH, { privacy })
    toast({ title: 'Roster privacy saved' })
    await mutate(KEY)
    return true
  } catch (error) {
    recheckSessionOn401(error)
    toast({ title: 'Roster privacy not saved', description: errorMessage(error), variant: 'destructive' })
    return false
  }
}
