import { toast } from '#ui/toast.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { errorMessage } from '../lib/errors'
import { recheckSessionOn401 } from '../lib/session'
import { refetchList } from '../lib/list'
import { KEYS } from '../lib/keys'

/** Every list a money or inbox action can change: donations (all pages), sponsorships, campaigns, inbox, email status, the Overview's figures and charts. */
const AFFECTED = [
  KEYS.summary,
  KEYS.donations,
  KEYS.sponsorships,
  KEYS.campaigns,
  KEYS.contactMessages,
  KEYS.sponsorApplications,
  KEYS.emailStatus,
  KEYS.givingReport,
  KEYS.donors,
  KEYS.donorYears,
  KEYS.statements,
]

export function refreshMoneyLists() {
  for (const path of AFFECTED) refetchList(path)
}

/**
 * Sends one action, toasts the outcome (`success` may word it from the server's answer: what it did, not what was
 * hoped), refetches what it changed; false when it failed.
 */
export async function sendAction<T = unknown>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  success: string | ((answer: T) => string),
  failure: string,
): Promise<boolean> {
  let answer: T
  try {
    answer = await apiRequest<T>(method, path, body)
  } catch (error) {
    toast({ title: failure, description: errorMessage(error), variant: 'destructive' })
    recheckSessionOn401(error)
    return false
  }
  toast({ title: typeof success === 'function' ? success(answer) : success })
  refreshMoneyLists()
  return true
}
