import { createHash, randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import type { VolunteerSignup } from '../payload-types'
import { SIGNUPS } from './places'

/**
 * A volunteer's personal link (/volunteer/manage/<token>): no account, the link is the key. A token is made as
 * each mail is written and only its SHA-256 hash is stored (`volunteer-links`, a row per mail, so an earlier
 * mail's link keeps working); a token is never stored, logged or answered to a request.
 */
export const LINKS = 'volunteer-links'

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const TOKEN = /^[A-Za-z0-9_-]{40,60}$/

/** A new token for a mail about this sign-up; its hash is stored straight away (no hooks: bookkeeping). */
export async function mintManageToken(payload: Payload, signupId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await payload.db.create({ collection: LINKS, data: { signup: signupId, tokenHash: hashOf(token) }, returning: false })
  return token
}

/** The sign-up a token opens, or null (an unknown or malformed token, or a sign-up since deleted). */
export async function signupByToken(payload: Payload, token: string): Promise<VolunteerSignup | null> {
  if (!TOKEN.test(token)) return null
  const link = (await payload.db.findOne({ collection: LINKS, where: { tokenHash: { equals: hashOf(token) } } })) as {
    signup?: unknown
  } | null
  const id = link?.signup && typeof link.signup === 'object' ? (link.signup as { id: string }).id : link?.signup
  if (!id) return null
  return (await payload.findByID({
    collection: SIGNUPS,
    id: String(id),
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as VolunteerSignup | null
}

/** Every link of these sign-ups (deleted with them). */
export async function forgetLinks(payload: Payload, signupIds: string[], req?: Parameters<Payload['db']['deleteMany']>[0]['req']) {
  if (signupIds.length > 0) await payload.db.deleteMany({ collection: LINKS, where: { signup: { in: signupIds } }, req })
}
