import { randomBytes } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { env } from '../env'
import { enqueueEmail, kickOutbox, type Composed, type OutboxItem } from '../outbox/outbox'

/**
 * The mails of a staff account (SECURITY.md §1), sent through the outbox (cms/outbox/outbox.ts) and written when
 * they leave from the account as it is then, so a link is never kept in the outbox:
 *  - an invitation to a new account to choose its password (single use, INVITATION_HOURS);
 *  - a recovery link ("Forgot password?", single use, RECOVERY_LINK_MINUTES);
 *  - a link to confirm a new email address (EMAIL_CONFIRMATION_HOURS), and a notice to the old one.
 * The password links are Payload's own reset token (its resetPassword operation spends it: cms/auth/recovery.ts).
 */
export const RECOVERY_LINK_MINUTES = 30
export const INVITATION_HOURS = 72
export const EMAIL_CONFIRMATION_HOURS = 24

const COLLECTION = 'admin-users'
export const ACCOUNT_MAIL_KINDS = ['staff-invitation', 'password-reset', 'email-confirmation', 'email-change-notice'] as const
type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number]
export const isAccountMail = (kind: string): kind is AccountMailKind => (ACCOUNT_MAIL_KINDS as readonly string[]).includes(kind)

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A link into the admin's login card (cms/portal/AccountRecovery.tsx reads it). */
export const accountLink = (param: 'reset' | 'confirm-email', token: string, invited = false) =>
  `${env.SERVER_URL}/admin?${param}=${encodeURIComponent(token)}${invited ? '&invited=1' : ''}`

/** A fresh token in Payload's reset-password fields, valid `ms`: any earlier one no longer works. */
export async function issueResetToken(payload: Payload, id: string | number, ms: number, req?: Partial<PayloadRequest>): Promise<string> {
  const token = randomBytes(20).toString('hex')
  const data = { resetPasswordToken: token, resetPasswordExpiration: new Date(Date.now() + ms).toISOString() }
  await payload.db.updateOne({ collection: COLLECTION, id, data, req, returning: false })
  return token
}

/** Queues one of an account's mails: each request its own message (MAILS_PER_HOUR caps recovery mails: cms/auth/throttle.ts). */
export async function queueAccountMail(payload: Payload, req: PayloadRequest, kind: AccountMailKind, id: string | number, to?: string) {
  const key = `${kind}:${id}:${Date.now()}:${randomBytes(4).toString('hex')}`
  await enqueueEmail(payload, req, { key, kind, recordId: String(id), ...(to ? { to } : {}) })
  kickOutbox()
}

type AccountRow = {
  id: string | number
  username?: string
  email?: string | null
  pendingEmail?: string | null
  resetPasswordToken?: string | null
  resetPasswordExpiration?: string | null
  emailChangeToken?: string | null
  emailChangeExpiration?: string | null
}

const valid = (token: string | null | undefined, expiration: string | null | undefined): token is string =>
  Boolean(token) && Date.parse(expiration ?? '') > Date.now()

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: env.CLUB_TIME_ZONE })

/** One account mail's text, from the account as it is now; held when its link was used or has expired meanwhile. */
export async function composeAccountMail(payload: Payload, item: OutboxItem): Promise<Composed> {
  const account = (await payload.db.findOne({ collection: COLLECTION, where: { id: { equals: item.recordId } } })) as AccountRow | null
  if (!account) return { hold: 'The account no longer exists.' }
  const name = account.username ?? 'there'
  const mail = (to: string | null | undefined, subject: string, lines: string[], link?: { href: string; text: string }): Composed =>
    to
      ? {
          to,
          subject: `Lady Hawks Boosters: ${subject}`,
          text: [...lines, ...(link ? ['', `${link.text}: ${link.href}`] : [])].join('\n\n'),
          html: [...lines, ...(link ? [`<a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>`] : [])]
            .map((line) => `<p>${line.startsWith('<a ') ? line : escapeHtml(line)}</p>`)
            .join('\n'),
        }
      : { hold: 'The account has no email address.' }
  switch (item.kind as AccountMailKind) {
    case 'staff-invitation':
      if (!valid(account.resetPasswordToken, account.resetPasswordExpiration))
        return { hold: 'This invitation was used or has expired: an admin can send a new one.' }
      return mail(
        account.email,
        'you are invited to the admin',
        [
          `Hello ${name},`,
          `An admin of the Lady Hawks Boosters website made an account for you, with the username ${name}.`,
          `Choose your own password with the link below. It works once, until ${when(account.resetPasswordExpiration!)}; nobody else knows or sees your password.`,
        ],
        { href: accountLink('reset', account.resetPasswordToken, true), text: 'Choose your password' },
      )
    case 'password-reset':
      if (!valid(account.resetPasswordToken, account.resetPasswordExpiration)) return { hold: 'This link was used or has expired.' }
      return mail(
        account.email,
        'choose a new password',
        [
          'Someone asked to reset the password of your Lady Hawks Boosters admin account.',
          `The link works once, for ${RECOVERY_LINK_MINUTES} minutes. If it was not you, ignore this email: your password stays as it is.`,
        ],
        { href: accountLink('reset', account.resetPasswordToken), text: 'Choose a new password' },
      )
    case 'email-confirmation':
      if (!valid(account.emailChangeToken, account.emailChangeExpiration)) return { hold: 'This confirmation was used or has expired.' }
      return mail(
        account.pendingEmail,
        'confirm your new email address',
        [
          `Hello ${name},`,
          'This address was given as the new email of your Lady Hawks Boosters admin account. Confirm it with the link below (it works once, for 24 hours); until then your mail keeps going to the old address.',
          'If you did not ask for this, ignore this email.',
        ],
        { href: accountLink('confirm-email', account.emailChangeToken), text: 'Confirm this address' },
      )
    case 'email-change-notice':
      return mail(item.to, 'your email address is being changed', [
        `Hello ${name},`,
        `Someone asked to change the email of your Lady Hawks Boosters admin account to ${account.pendingEmail ?? 'another address'}. The change takes effect only once confirmed from that address.`,
        'If it was not you, sign in and change your password under Account, or tell an admin.',
      ])
  }
}
