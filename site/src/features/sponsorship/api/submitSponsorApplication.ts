import type { SponsorApplicationInput } from '#shared/schemas'
import { apiRequest } from '../../../lib/api'

/** POST /api/sponsors (SPEC §7). The answer is not read. */
export function submitSponsorApplication(application: SponsorApplicationInput, hpTrap = '') {
  return apiRequest('POST', '/api/sponsors', { ...application, hpTrap })
}
