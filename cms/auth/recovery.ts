import { randomBytes } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { audit, auditSampled } from '../audit/log'
import { inTransaction } from '../db/transaction'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { emailEnabled } from '../outbox/mailer'
import { checkPasswordPolicy } from '../security/passwords'
import { accountLink, INVITATION_HOURS, issueResetToken, queueAccountMail, RECOVERY_LINK_MINUTES } from './accountMail'
import { updateSessions } from './sessions'
import { takeMail } from './throttle'

/**
 * Account recovery and invitations by email (SECURITY.md §1): a single-use link, in Payload's own reset-password
 * token (its resetPassword operation spends it), mailed through the outbox (cms/auth/accountMail.ts). The recovery
 * answer never says whether the address is known: it is the same text, given before any lookup happens.
 */
const COLLECTION = 'admin-users'

export const RECOVERY_ANSWER = env.SMTP_URL
  ? 'If an account uses that address, a link to choose a new password is on its way. It works once, for 30 minutes.'
  : 'This site cannot send email yet. Ask the person who runs the server to run `npm run admin:reset -- <username>`.'

type Account = { id: string | number; username: string; email?: string | null; invitedAt?: string | null }

/**
 * Runs after the answer has gone out: looks the address up and, if it belongs to an account, mails the link; at
 * most MAILS_PER_HOUR an hour per account, whoever asks. While the account's last link is still valid, the same link
 * goes again: a new request never voids the one the owner may be about to use.
 */
export async function sendRecoveryLink(payload: Payload, email: string, ip: string): Promise<void> {
  auditSampled(payload, { event: 'recovery-requested', ip })
  if (!env.SMTP_URL) return
  const account = (await payload.db.findOne({ collection: COLLECTION, where: { email: { equals: email } } })) as
    (Account & { resetPasswordToken?: string | null; resetPasswordExpiration?: string | null }) | null
  if (!account || !(await takeMail(payload, 'recovery', account.username))) return
  await inTransaction(payload, null, async (req) => {
    const unexpired = account.resetPasswordToken && Date.parse(account.resetPasswordExpiration ?? '') > Date.now()
    if (!unexpired) await issueResetToken(payload, account.id, RECOVERY_LINK_MINUTES * 60_000, req)
    // An account still waiting for its first password gets its invitation again, not a recovery mail.
    await queueAccountMail(payload, req, account.invitedAt ? 'staff-invitation' : 'password-reset', account.id)
  })
}

/** A password no one knows, for an account whose owner has not chosen hers yet (an invited one). */
export const unknownPassword = () => `${randomBytes(24).toString('base64url')}-Aa1`

/**
 * A new staff account's invitation: a fresh single-use link (INVITATION_HOURS; an earlier one no longer works), mailed
 * to the account's email when the site sends email; answered to the admin to pass on by hand when it sends none or
 * when `asLink` (her mail went astray). Only for an account that has not chosen its password yet: once she has,
 * nobody but she ever chooses it.
 */
export async function inviteStaff(
  payload: Payload,
  id: string | number,
  { req, asLink = false }: { req?: PayloadRequest; asLink?: boolean } = {},
): Promise<{ mailed: true } | { link: string }> {
  const account = (await payload.db.findOne({ collection: COLLECTION, where: { id: { equals: id } }, req })) as Account | null
  if (!account) throw new HttpError(404, 'No staff account has this id')
  if (!account.invitedAt)
    throw new HttpError(409, `${account.username} has chosen a password already: she can use “Forgot password?” on the sign-in page.`)
  const send = async (request: PayloadRequest) => {
    const token = await issueResetToken(payload, account.id, INVITATION_HOURS * 3_600_000, request)
    if (asLink || !emailEnabled || !account.email) return { link: accountLink('reset', token, true) }
    await queueAccountMail(payload, request, 'staff-invitation', account.id)
    return { mailed: true as const }
  }
  return req ? send(req) : inTransaction(payload, null, send)
}

/** Sets the new password for a valid link; the link is spent and every session of the account ends. */
export async function resetWithLink(payload: Payload, token: string, password: string, ip: string): Promise<string | null> {
  const account = (await payload.db.findOne({
    collection: COLLECTION,
    where: { and: [{ resetPasswordToken: { equals: token } }, { resetPasswordExpiration: { greater_than: new Date().toISOString() } }] },
  })) as Account | null
  if (!account) return null
  const problem = checkPasswordPolicy(password, account.username)
  if (problem) throw new HttpError(400, problem, [{ path: 'password', message: problem }])
  await payload.resetPassword({ collection: COLLECTION, data: { token, password }, overrideAccess: true })
  await updateSessions(payload, account, () => [])
  // An invitation, once used, is over: from now on only "Forgot password?" mails a link.
  if (account.invitedAt) await payload.db.updateOne({ collection: COLLECTION, id: account.id, data: { invitedAt: null }, returning: false })
  await audit(payload, {
    event: 'password-reset',
    actor: account.username,
    ip,
    targetCollection: COLLECTION,
    targetId: String(account.id),
    changedFields: ['password', 'sessions'],
    detail: { via: account.invitedAt ? 'invitation' : 'email link' },
  })
  return account.username
}

/** A new email address confirmed by the link mailed to it: it becomes the account's email. Null when the link is unknown, used or expired. */
export async function confirmEmailChange(payload: Payload, token: string, ip: string): Promise<{ username: string; email: string } | null> {
  const account = (await payload.db.findOne({
    collection: COLLECTION,
    where: { and: [{ emailChangeToken: { equals: token } }, { emailChangeExpiration: { greater_than: new Date().toISOString() } }] },
  })) as (Account & { pendingEmail?: string | null }) | null
  if (!account?.pendingEmail) return null
  const email = account.pendingEmail
  const previous = (account as { email?: string | null }).email ?? null
  await payload.db.updateOne({
    collection: COLLECTION,
    id: account.id,
    data: { email, pendingEmail: null, emailChangeToken: null, emailChangeExpiration: null },
    returning: false,
  })
  await audit(payload, {
    event: 'update',
    actor: account.username,
    ip,
    targetCollection: COLLECTION,
    targetId: String(account.id),
    changedFields: ['email'],
    changes: { email: { from: previous, to: email } },
    detail: { via: 'confirmation link' },
  })
  return { username: account.username, email }
}
