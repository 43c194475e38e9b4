import type { ContactInput } from '#shared/schemas'
import { apiRequest } from '../../../lib/api'

/** POST /api/contact (SPEC §7). The answer is not needed. */
export function sendContactMessage(message: ContactInput, hpTrap = '') {
  return apiRequest('POST', '/api/contact', { ...message, hpTrap })
}
