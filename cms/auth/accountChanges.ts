import { ValidationError, type CollectionAfterChangeHook, type CollectionBeforeOperationHook } from 'payload'
import { audit } from '../audit/log'
import { clientAddressOf } from '../security/clientAddress'
import { LoginThrottled, oneCheckAtATime } from './loginGuard'
import { passwordMatches, type StoredPassword } from './passwordCheck'
import { updateSessions, type SessionOwner } from './sessions'
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
  'Enter your current password (currentPassword) to change a password. In the admin, use Account → Change password in the portal.'

export const currentPasswordForChange: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update' || req.payloadAPI === 'local') return args
  const data = args.data as { password?: unknown; currentPassword?: unknown } | undefined
  if (!data) return args
  const current = data.currentPassword
  delete data.currentPassword
  if (data.password === undefined || data.password === null || data.password === '') return args
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
