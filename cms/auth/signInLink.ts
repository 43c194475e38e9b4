import { createHash, randomBytes } from 'node:crypto'
import type { Payload, TypedUser } from 'payload'
import { env } from '../env'
import { escapeHtml } from './accountMail'
import { openSession } from './sessions'
import { databaseStore, takeMail, throttleKey } from './throttle'

/**
 * The owner's second step when the account-wide ceiling is reached and the
 * account has no authenticator app (cms/auth/throttle.ts, SECURITY.md §1):
 * the right password from a new address mails a link that signs in once,
 * within SIGN_IN_LINK_MINUTES. Only its SHA-256 is stored. The link opens the
 * admin's login card (where Payload's admin keeps the query), which asks
 * before using it: a mail scanner's GET spends nothing.
 */
export const SIGN_IN_LINK_MINUTES = 15

const keyOf = (token: string) => throttleKey('link', createHash('sha256').update(token).digest('hex'))

export const signInLinkEmail = {
  subject: 'Lady Hawks Boosters: your sign-in link',
  link: (token: string) => `${env.SERVER_URL}/admin/login?signin=${encodeURIComponent(token)}`,
  html(token: string) {
    return `<p>Someone signed in to your Lady Hawks Boosters admin account with its password, from a place this account has not used before, while many wrong passwords were being tried.</p>
<p>If it was you: <a href="${escapeHtml(this.link(token))}">sign in</a> (the link works once, for ${SIGN_IN_LINK_MINUTES} minutes).</p>
<p>If it was not you, your password is known to someone else: sign in from a device you used before and change it under Account.</p>`
  },
}

/** Mails a link to an account whose password was just given right. Never throws: it runs after the answer. */
export async function mailSignInLink(payload: Payload, account: { id: string | number; username: string; email?: unknown }) {
  try {
    if (!env.SMTP_URL || typeof account.email !== 'string' || !account.email) return
    // At most MAILS_PER_HOUR links an hour, however often the right password arrives from new places.
    if (!(await takeMail(payload, 'sign-in-link', account.username))) return
    const store = databaseStore(payload)
    const now = Date.now()
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now + SIGN_IN_LINK_MINUTES * 60_000
    await store.put(keyOf(token), { kind: 'link', account: account.username, state: { id: account.id }, expiresAt })
    await payload.sendEmail({ to: account.email, subject: signInLinkEmail.subject, html: signInLinkEmail.html(token) })
  } catch (err) {
    payload.logger.error({ msg: 'Could not send a sign-in link', err })
  }
}

/**
 * Spends a link: a new session for its account (with the idle deadline of any
 * login), the address becomes one the account signed in from, an audit row.
 * Null when the link is unknown, used or expired.
 */
export async function signInWithLink(payload: Payload, token: string, ip: string): Promise<{ user: TypedUser; token: string } | null> {
  const store = databaseStore(payload)
  const key = keyOf(token)
  const record = await store.get(key)
  if (!record) return null
  await store.delete(key)
  if (record.expiresAt <= Date.now()) return null
  const id = (record.state as { id?: string | number } | null)?.id
  if (id === undefined) return null
  // The account the link was mailed to, by id and name: gone or renamed since, no session.
  return openSession(payload, { id, username: record.account }, ip, { via: 'email link' })
}
