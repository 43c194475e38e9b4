import { HONEYPOT_FIELD } from '#shared/honeypot'
import type { z } from 'zod'
import type { membershipJoinSchema } from '#shared/schemas'
import { apiRequest } from '#ui/lib/api.ts'

/** POST /api/membership/join (docs/API.md): the same answer for every address, `{ status: "check-email" }`. */
export function requestToJoin(request: z.output<typeof membershipJoinSchema>, trap = '') {
  return apiRequest('POST', '/api/membership/join', { ...request, [HONEYPOT_FIELD]: trap })
}
