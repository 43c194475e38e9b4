import { toast } from '../../../../ui/toast'
import { apiRequest } from '../../../../ui/lib/api'
import { errorMessage } from '../lib/errors'
import { recheckSessionOn401 } from '../lib/session'
import { refetchList } from '../lib/list'

/** Every list a money or inbox action can change: donations (all pages), sponsorships, campaigns, inbox, email status, the Overview's figures and charts. */
const AFFECTED = [
  '/api/admin/summary',
  '/api/admin/donations',
  '/api/admin/sponsorships',
  '/api/admin/campaigns',
  '/api/admin/contact-messages',
  '/api/admin/sponsor-applications',
  '/api/admin/email-status',
  '/api/admin/reports/giving',
  '/api/admin/donors',
]

export function refreshMoneyLists() {
  for (const path of AFFECTED) refetchList(path)
}

/** Sends one action, toasts the outcome, refetches what it changed; false when it failed. */
export async function sendAction(method: 'POST' | 'PUT', path: string, body: unknown, success: string, failure: string): Promise<boolean> {
  try {
    await apiRequest(method, path, body)
  } catch (error) {
    toast({ title: failure, description: errorMessage(error), variant: 'destructive' })
    recheckSessionOn401(error)
    return false
  }
  toast({ title: success })
  refreshMoneyLists()
  return true
}
