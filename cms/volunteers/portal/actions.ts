import { sendChange } from '#portal/lib/actions.ts'
import { refetchWhere } from '#portal/lib/sessionCache.ts'

/** After a change: every list of the tab (and the Members tab's hours) read again. */
const refetchAll = () => refetchWhere((key) => /^\/(cms-api|api\/admin)\/volunteer/.test(key))

/** Sends a change, says how it went, and reloads the tab's lists. */
export const act = (method: 'POST' | 'PATCH', path: string, body: unknown, success: string, failure: string) =>
  sendChange(method, path, body, { success, failure }, refetchAll)
