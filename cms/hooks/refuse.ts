import { APIError } from 'payload'

/**
 * A write the club's rules refuse (money records, inbox moves, a missing photo): answered like any
 * APIError on both APIs, logged at info (payload.config.ts), not as a server error.
 */
export class RuleRefused extends APIError {
  constructor(status: 400 | 403 | 405 | 409 | 413, message: string) {
    super(message, status, null, true)
  }
}

export const refuse = (status: 400 | 403 | 405 | 409 | 413, message: string) => new RuleRefused(status, message)
