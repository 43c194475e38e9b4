import { HONEYPOT_FIELD } from '#shared/honeypot'
import type { ContactInput } from '#shared/schemas'
import { apiRequest } from '#ui/lib/api.ts'

/** POST /api/contact (docs/API.md). The answer is not needed. */
export function sendContactMessage(message: ContactInput, trap = '', submissionKey = '') {
  return apiRequest('POST', '/api/contact', { ...message, [HONEYPOT_FIELD]: trap, submissionKey })
}
