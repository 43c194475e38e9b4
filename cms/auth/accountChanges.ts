import { randomBytes } from 'node:crypto'
import {
  ValidationError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
} from 'payload'
import { roleOf } from '../access/roles'
import { audit } from '../audit/log'
import { refuse } from '../hooks/refuse'
import { emailEnabled } from '../outbox/mailer'
import { clientAddressOf } from '../security/clientAddress'
import { EMAIL_CONFIRMATION_HOURS, queueAccountMail } from './accountMail'
import { LoginThrottled, oneCheckAtATime } from './loginGuard'
import { passwordMatches, type StoredPassword } from './passwordCheck'
import { updateSessions, type SessionOwner } from './sessions'
import { inviteStaff, unknownPassword } from './recovery'
import { databaseStore, LoginThrottle } from './throttle'

/**
 * A password change through Payload's REST or admin (PATCH /cms-api/admin-users/…)
 * asks what our POST /api/admin/password asks (SECURITY.md §1): the signed-in
 * person's current password, as `currentPassword`, checked in the login
 * throttle (a stolen session cannot guess it); then every other session of
 * the account ends and the change is audited. The server's own changes (Local
 * API: /api/admin/password, recovery, admin:reset) check it themselves.
 */
const COLLECTION = 'admin-users'
const CONTEXT_KEY = 'passwordChangeVerified'

export const NEEDS_CURRENT_PASSWORD =
  'Your password changes only with your current password: use Account → Change password in the portal (through the API, send it as currentPassword).'

export const OTHERS_PASSWORD =
  'Only its owner chooses an account’s password. She can use “Forgot password?” on the sign-in page; a new account gets an invitation to choose hers.'

export const currentPasswordForChange: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update') return args
  const data = args.data as { password?: unknown; currentPassword?: unknown } | undefined
  if (!data) return args
  const changesPassword = !(data.password === undefined || data.password === null || data.password === '')
  // Nobody sets another's password, on any door (a bulk change names no account: refused too).
  if (changesPassword && roleOf(req.user) && String((args as { id?: unknown }).id ?? '') !== String(req.user!.id))
    throw refuse(403, OTHERS_PASSWORD)
  if (req.payloadAPI === 'local') return args
  const current = data.currentPassword
  delete data.currentPassword
  if (!changesPassword) return args
  const actor = req.user as (SessionOwner & { collection?: string }) | null
  // Without a signed-in account the collection's access rules refuse the update anyway.
  if (!actor || actor.collection !== COLLECTION) return args
  const username = String(actor.username ?? '')
  const ip = clientAddressOf(req.headers)
  await oneCheckAtATime(username, async () => {
    // Reads join the operation's transaction; a failure is written outside it (it is rolled back), after it ends.
    const throttle = new LoginThrottle(databaseStore(req.payload, req))
    const { wait } = await throttle.check(username, ip)
    if (wait) throw new LoginThrottled(wait)
    const stored = (await req.payload.db.findOne({
      collection: COLLECTION,
      where: { id: { equals: actor.id } },
      req,
    })) as StoredPassword | null
    if (typeof current !== 'string' || !(await passwordMatches(stored, current))) {
      if (typeof current === 'string') {
        void new LoginThrottle(databaseStore(req.payload))
          .recordFailure(username, ip)
          .catch((err) => req.payload.logger.error({ msg: 'Could not record a failed password check', err }))
      }
      throw new ValidationError({ errors: [{ path: 'currentPassword', message: NEEDS_CURRENT_PASSWORD }] })
    }
  })
  req.context[CONTEXT_KEY] = true
  return args
}

/** After a verified change: the account's other sessions end (all of them for someone else's account), an audit row. */
export const afterPasswordChange: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'update' || !req.context[CONTEXT_KEY]) return doc
  const actor = req.user as (SessionOwner & { _sid?: string }) | null
  const own = actor && String(actor.id) === String(doc.id)
  await updateSessions(req.payload, doc as SessionOwner, (sessions) => sessions.filter((s) => own && s.id === actor?._sid), req, true)
  await audit(
    req.payload,
    {
      event: 'password-change',
      actor: String(actor?.username ?? 'unknown'),
      ip: clientAddressOf(req.headers),
      targetCollection: COLLECTION,
      targetId: String(doc.id),
      changedFields: ['password', 'sessions'],
      detail: { via: 'cms-api' },
    },
    req,
  )
  return doc
}

/** Set in a create's `context` by invitedInsteadOfPassword: the new account gets its invitation once stored. */
const INVITE = 'inviteNewAccount'

/**
 * An admin creates a staff account with an email, never a password (SECURITY.md §1): a password sent with it (Payload's
 * Create New form fills one in unseen: cms/admin/fields/StaffAccountEmail.tsx) is replaced by one nobody knows, and
 * the new member chooses hers from the invitation mailed to her (invitationSent). The first admin (web setup) and the
 * server's commands create accounts without a signed-in admin: they keep theirs.
 */
export const invitedInsteadOfPassword: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'create' || roleOf(req.user) !== 'admin') return args
  const data = (args.data ?? {}) as { email?: unknown; password?: unknown }
  if (typeof data.email !== 'string' || !data.email.trim()) {
    throw new ValidationError({ errors: [{ path: 'email', message: 'Give her email: the invitation to choose her password goes there.' }] })
  }
  args.data = { ...data, password: unknownPassword() } as typeof args.data
  req.context[INVITE] = true
  return args
}

/** The created account waits for its owner's password: its invitation (mailed, or a link its admin passes on). */
export const invitationSent: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || !req.context[INVITE]) return doc
  await req.payload.db.updateOne({
    collection: COLLECTION,
    id: doc.id,
    data: { invitedAt: new Date().toISOString() },
    req,
    returning: false,
  })
  await inviteStaff(req.payload, doc.id, { req })
  return { ...doc, invitedAt: new Date().toISOString() }
}

/** Set in an update's `context` by emailChangesWaitForConfirmation: what to mail once the change is stored. */
const EMAIL_CHANGE = 'emailChange'
const normalizedEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '')

/**
 * A new email address takes effect once confirmed from it (a link mailed there, cms/auth/recovery.ts
 * confirmEmailChange): until then it waits as `pendingEmail` and mail keeps going to the old one, which is told of
 * the change. Whoever changes it, on any door; a site that sends no email changes it at once. Removing it is at once.
 */
export const emailChangesWaitForConfirmation: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !emailEnabled || !('email' in data)) return data
  const [next, current] = [normalizedEmail(data.email), normalizedEmail(originalDoc?.email)]
  if (!next || next === current) return data
  req.context[EMAIL_CHANGE] = { previous: current }
  return {
    ...data,
    email: originalDoc?.email ?? null,
    pendingEmail: next,
    emailChangeToken: randomBytes(20).toString('hex'),
    emailChangeExpiration: new Date(Date.now() + EMAIL_CONFIRMATION_HOURS * 3_600_000).toISOString(),
  }
}

export const emailChangeMailed: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  const change = req.context[EMAIL_CHANGE] as { previous: string } | undefined
  if (operation !== 'update' || !change) return doc
  delete req.context[EMAIL_CHANGE]
  await queueAccountMail(req.payload, req, 'email-confirmation', doc.id)
  if (change.previous) await queueAccountMail(req.payload, req, 'email-change-notice', doc.id, change.previous)
  return doc
}
