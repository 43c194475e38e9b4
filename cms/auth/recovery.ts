import type { Payload, PayloadRequest } from 'payload'
import { audit, auditSampled } from '../audit/log'
import { env } from '../env'
import { HttpError } from '../http/errors'
import { checkPasswordPolicy } from '../security/passwords'
import { updateSessions } from './sessions'
import { takeMail } from './throttle'

/**
 * Account recovery by email (SECURITY.md §1): a single-use link, valid 30
 * minutes, sent through Payload's own forgot-password (so Payload's admin
 * sends the same link). The answer never says whether the address is known:
 * it is the same text, given before any lookup happens.
 */
export const RECOVERY_LINK_MINUTES = 30
const COLLECTION = 'admin-users'

export const RECOVERY_ANSWER = env.SMTP_URL
  ? 'If an account uses that address, a link to choose a new password is on its way. It works once, for 30 minutes.'
  : 'This site cannot send email yet. Ask the person who runs the server to run `npm run admin:reset -- <username>`.'

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export const recoveryEmail = {
  subject: 'Lady Hawks Boosters: choose a new password',
  link: (token: string) => `${env.SERVER_URL}/admin?reset=${encodeURIComponent(token)}`,
  html(token: string) {
    const link = escapeHtml(this.link(token))
    return `<p>Someone asked to reset the password of your Lady Hawks Boosters admin account.</p>
<p><a href="${link}">Choose a new password</a> (the link works once, for ${RECOVERY_LINK_MINUTES} minutes).</p>
<p>If it was not you, ignore this email: your password stays as it is.</p>`
  },
}

/**
 * Runs after the answer has gone out: looks the address up and, if it belongs to an account, sends the link;
 * at most MAILS_PER_HOUR an hour per account, whoever asks. While the account's last link is still valid, the
 * same link is sent again: a new request never voids the one the owner may be about to use.
 */
export async function sendRecoveryLink(payload: Payload, email: string, req: Partial<PayloadRequest>, ip: string): Promise<void> {
  auditSampled(payload, { event: 'recovery-requested', ip })
  if (!env.SMTP_URL) return
  const found = await payload.find({ collection: COLLECTION, where: { email: { equals: email } }, limit: 1, depth: 0 })
  const username = (found.docs[0] as { username?: string } | undefined)?.username
  if (!username || !(await takeMail(payload, 'recovery', username))) return
  const account = (await payload.db.findOne({ collection: COLLECTION, where: { id: { equals: found.docs[0].id } } })) as {
    email?: string
    resetPasswordToken?: string | null
    resetPasswordExpiration?: string | null
  } | null
  const unexpired = account?.resetPasswordToken && Date.parse(account.resetPasswordExpiration ?? '') > Date.now()
  if (unexpired && account.email) {
    await payload.sendEmail({ to: account.email, subject: recoveryEmail.subject, html: recoveryEmail.html(account.resetPasswordToken!) })
    return
  }
  await payload.forgotPassword({ collection: COLLECTION, data: { username } as unknown as { email: string }, req })
}

/** Sets the new password for a valid link; the link is spent and every session of the account ends. */
export async function resetWithLink(payload: Payload, token: string, password: string, ip: string): Promise<string | null> {
  const account = (await payload.db.findOne({
    collection: COLLECTION,
    where: { and: [{ resetPasswordToken: { equals: token } }, { resetPasswordExpiration: { greater_than: new Date().toISOString() } }] },
  })) as { id: string; username: string } | null
  if (!account) return null
  const problem = checkPasswordPolicy(password, account.username)
  if (problem) throw new HttpError(400, problem, [{ path: 'password', message: problem }])
  await payload.resetPassword({ collection: COLLECTION, data: { token, password }, overrideAccess: true })
  await updateSessions(payload, account, () => [])
  await audit(payload, {
    event: 'password-reset',
    actor: account.username,
    ip,
    targetCollection: COLLECTION,
    targetId: String(account.id),
    changedFields: ['password', 'sessions'],
    detail: { via: 'email link' },
  })
  return account.username
}
