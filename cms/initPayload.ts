import { getPayload } from 'payload'

/**
 * getPayload with Payload's start-up version check skipped for this one call.
 * Why: @payloadcms/email-nodemailer's newest release is 3.90.1 while payload
 * is 3.90.2, and outside production that check crashes the process on the
 * patch-level difference (the adapter only imports one error class from
 * payload, package.json overrides its payload). The switch is on only while
 * Payload starts, never for the rest of the process; delete this wrapper once
 * a matching email-nodemailer is released, and call getPayload directly.
 */
export async function initPayload(options: Parameters<typeof getPayload>[0]) {
  const before = process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER
  process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER = 'true'
  try {
    return await getPayload(options)
  } finally {
    if (before === undefined) delete process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER
    else process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER = before
  }
}
