import { sendChange } from '../lib/actions'
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
export const sendAction = <T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  body: unknown,
  success: string | ((answer: T) => string),
  failure: string,
): Promise<boolean> => sendChange<T>(method, path, body, { success, failure }, refreshMoneyLists)
