import { apiRequest } from '#ui/lib/api.ts'
import { toast } from '#ui/toast.tsx'
import { errorMessage } from '#portal/lib/errors.ts'
import { recheckSessionOn401 } from '#portal/lib/session.ts'
import { refetchWhere } from '#portal/lib/sessionCache.ts'

/** After a change: every list of the tab (and the Members tab's hours) read again. */
const refetchAll = () => refetchWhere((key) => /^\/(cms-api|api\/admin)\/volunteer/.test(key))

/** Sends a change, says how it went, and reloads the tab's lists. */
export async function act(method: 'POST' | 'PATCH', path: string, body: unknown, success: string, failure: string) {
  try {
    await apiRequest(method, path, body)
  } catch (error) {
    toast({ title: failure, description: errorMessage(error), variant: 'destructive' })
    recheckSessionOn401(error)
    return false
  }
  toast({ title: success })
  refetchAll()
  return true
}
