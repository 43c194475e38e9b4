import { HONEYPOT_FIELD } from '#shared/honeypot'
import type { SponsorApplicationInput } from '#shared/schemas'
import { apiRequest } from '#ui/lib/api.ts'

/** POST /api/sponsors (docs/API.md). The answer is not read. */
export function submitSponsorApplication(application: SponsorApplicationInput, trap = '', submissionKey = '') {
  return apiRequest('POST', '/api/sponsors', { ...application, [HONEYPOT_FIELD]: trap, submissionKey })
}
