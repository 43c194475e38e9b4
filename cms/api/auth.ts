import { Router, type Request, type Response } from 'express'
import {
  AuthenticationError,
  createLocalReq,
  generateExpiredPayloadCookie,
  generatePayloadCookie,
  logoutOperation,
  type Payload,
  type TypedUser,
} from 'payload'
import {
  emailChangeSchema,
  emailConfirmSchema,
  invitationSchema,
  loginSchema,
  passwordChangeSchema,
  recoveryRequestSchema,
  recoveryResetSchema,
  setupSchema,
  signInLinkSchema,
  unlockSchema,
} from '#shared/schemas'
import { audit } from '../audit/log'
import { oneAtATime } from '../auth/accountQueue'
import { checkLogin, LoginThrottled, NewPasswordRequired, SecondFactorRequired } from '../auth/loginGuard'
import { isCurrentHash, passwordMatches } from '../auth/passwordCheck'
import { confirmEmailChange, inviteStaff, RECOVERY_ANSWER, resetWithLink, sendRecoveryLink } from '../auth/recovery'
import { signInWithLink } from '../auth/signInLink'
import { openSession, sessionIsCurrent, sessionStart, updateSessions, type SessionOwner } from '../auth/sessions'
import { loginThrottle } from '../auth/throttle'
import { env } from '../env'
import { HttpError, notFound } from '../http/errors'
import { requireAdmin } from '../http/requireAdmin'
import { isPlausibleId } from '../http/validate'
import { asStaff } from './crud'
import { twoFactorRouter } from './twoFactor'
import { requireStaff, sessionIdOf, sessionUser, toWebHeaders } from '../auth/sessionUser'
import { parseBody } from '../http/validate'
import { clientAddressOf } from '../security/clientAddress'
import { loginRateLimit, recoveryRateLimit } from '../security/forms'
import { checkPasswordPolicy } from '../security/passwords'

const COLLECTION = 'admin-users'

/** POST /api/admin/setup's answer with WEB_SETUP=closed; the setup dialog says the same (cms/portal/SetupDialog.tsx). */
export const WEB_SETUP_CLOSED =
  'On this site the first admin is created on the server, not here: run `docker compose exec app node dist/admin-create.mjs <username>` ' +
  '(without Docker: `node dist/admin-create.mjs <username>`), then sign in with the one-time password it prints.'

type AccountFields = { username?: unknown; email?: unknown; pendingEmail?: unknown; role?: unknown }

export const publicUser = (user: { id: string | number } & AccountFields) => ({
  id: user.id,
  username: String(user.username),
  email: typeof user.email === 'string' ? user.email : null,
  /** A new address waiting for its confirmation (cms/auth/accountChanges.ts). */
  pendingEmail: typeof user.pendingEmail === 'string' ? user.pendingEmail : null,
  role: typeof user.role === 'string' ? user.role : 'admin',
})
/**
 * GET /api/admin/me and login answer `{ user, clubTimeZone }`: the club's zone lets the portal propose the
 * club's today (Record a gift) and chart the club's months, whatever the browser's zone.
 */
export type SessionResponse = { user: ReturnType<typeof publicUser>; clubTimeZone: string }
const sessionResponse = (user: Parameters<typeof publicUser>[0]): SessionResponse => ({
  user: publicUser(user),
  clubTimeZone: env.CLUB_TIME_ZONE,
})

const usernameOf = (user: object) => String((user as AccountFields).username ?? '')

/** One of the signed-in admin's sessions, as GET /api/admin/sessions lists them. */
export type OwnSession = { id: string; createdAt: string; expiresAt: string; current: boolean }

/** Admin session calls (docs/API.md): me, login, setup, logout, unlock, and the account's own password and sessions. */
export function authRouter(payload: Payload): Router {
  const router = Router()
  const authConfig = () => payload.collections[COLLECTION].config.auth

  const setSessionCookie = (res: Response, token: string) =>
    res.append(
      'Set-Cookie',
      generatePayloadCookie({ collectionAuthConfig: authConfig(), cookiePrefix: payload.config.cookiePrefix, token }),
    )

  /** A Local API request carrying the client's cookie and stamped address, for the admin-users hooks; `signal` says when the client left. */
  const localReq = (req: Request, user?: TypedUser, signal?: AbortSignal) =>
    createLocalReq({ req: { headers: toWebHeaders(req), signal }, user }, payload)
  /** Aborted when the client goes away before its answer is sent. */
  const clientGone = (res: Response) => {
    const gone = new AbortController()
    res.once('close', () => !res.writableFinished && gone.abort())
    return gone.signal
  }

  // The account's own two-factor sign-in and, for admins, the setting that requires it (cms/api/twoFactor.ts).
  router.use('/account', twoFactorRouter(payload))

  router.get('/me', async (req, res) => {
    const user = await sessionUser(payload, req)
    if (!user) throw new HttpError(401, 'Not authenticated')
    res.json(sessionResponse(user))
  })

  // Throttling, the dummy hash for unknown names and the audit row live in the
  // admin-users hooks (cms/auth/loginGuard.ts), so Payload's own login obeys them too.
  router.post('/login', loginRateLimit, async (req, res) => {
    const { username, password, code, newPassword } = parseBody(req, loginSchema)
    try {
      // `code` and `newPassword` ride along in the login data for the checks (checkLogin).
      const data = { username, password, code, newPassword }
      const request = await localReq(req, undefined, clientGone(res))
      const checked = await checkLogin(request, data)
      if (!checked) throw new AuthenticationError()
      const result = isCurrentHash(checked.account)
        ? // Checked once: the session opens without Payload's login hashing the password a second time.
          await openSession(payload, checked.account, clientAddressOf(request.headers))
        : // A hash in Payload's older format: Payload's login stores it anew (and checks everything again), one login of
          // the account at a time (its session list: cms/auth/accountQueue.ts).
          await oneAtATime(username, () => payload.login({ collection: COLLECTION, data: checked.data, req: request }))
      if (!result?.token || !result.user) throw new AuthenticationError()
      setSessionCookie(res, result.token)
      res.json(sessionResponse(result.user))
    } catch (err) {
      if (err instanceof LoginThrottled) {
        res.set('Retry-After', String(err.refusal.retryAfterSeconds))
        throw new HttpError(429, err.message)
      }
      if (err instanceof SecondFactorRequired) throw new HttpError(401, err.message, undefined, { totpRequired: true })
      if (err instanceof NewPasswordRequired) {
        throw new HttpError(401, err.message, [{ path: 'newPassword', message: err.message }], { newPasswordRequired: true })
      }
      if (err instanceof AuthenticationError) throw new HttpError(401, 'Invalid credentials')
      throw err
    }
  })

  /** A one-time sign-in link mailed when the account-wide ceiling asked for a second step (cms/auth/signInLink.ts). */
  router.post('/login/link', loginRateLimit, recoveryRateLimit, async (req, res) => {
    const { token } = parseBody(req, signInLinkSchema)
    const session = await signInWithLink(payload, token, req.ip ?? 'unknown')
    if (!session)
      throw new HttpError(400, 'This sign-in link is invalid, already used or expired. Sign in with your password to get a new one.')
    setSessionCookie(res, session.token)
    res.json(sessionResponse(session.user))
  })

  /** Whether the first admin may be made here (WEB_SETUP): the setup dialog says how otherwise. */
  router.get('/setup', (_req, res) => {
    res.json(env.WEB_SETUP === 'closed' ? { web: 'closed', message: WEB_SETUP_CLOSED } : { web: 'open' })
  })

  // One at a time, so two first-time requests cannot both create an admin.
  router.post('/setup', loginRateLimit, async (req, res) => {
    if (env.WEB_SETUP === 'closed') throw new HttpError(403, WEB_SETUP_CLOSED)
    const input = parseBody(req, setupSchema)
    const user = await oneAtATime('\u0000setup', async () => {
      const { totalDocs } = await payload.count({ collection: COLLECTION })
      if (totalDocs > 0) {
        throw new HttpError(403, 'Setup is already complete: an admin account exists. Log in, or ask an existing admin.')
      }
      const problem = checkPasswordPolicy(input.password, input.username)
      if (problem) throw new HttpError(400, problem, [{ path: 'password', message: problem }])
      return payload.create({
        collection: COLLECTION,
        data: { username: input.username, password: input.password, email: input.email ?? undefined, role: 'admin' },
        req: await localReq(req),
      })
    })
    await audit(payload, { event: 'setup', actor: usernameOf(user), ip: req.ip })
    res.status(201).json(sessionResponse(user))
  })

  router.post('/logout', requireStaff(payload), async (req, res) => {
    const admin = req.staff!
    const request = await localReq(req, admin)
    await oneAtATime(usernameOf(admin), () => logoutOperation({ collection: payload.collections[COLLECTION], req: request }))
    res.append(
      'Set-Cookie',
      generateExpiredPayloadCookie({
        collectionAuthConfig: authConfig(),
        config: payload.config,
        cookiePrefix: payload.config.cookiePrefix,
      }),
    )
    res.json({ ok: true })
  })

  // Accounts are never locked; this lets an admin lift another account's login throttle at once.
  router.post('/unlock', requireStaff(payload), async (req, res) => {
    // Usernames are stored lower-cased (Payload's username field), as login compares them.
    const username = parseBody(req, unlockSchema).username.toLowerCase()
    const found = await payload.find({ collection: COLLECTION, where: { username: { equals: username } }, limit: 1, ...asStaff(req) })
    if (found.docs.length === 0) throw new HttpError(404, 'Admin not found')
    await loginThrottle(payload).forgetAccount(username)
    await audit(payload, {
      event: 'unlock',
      actor: usernameOf(req.staff!),
      ip: req.ip,
      targetCollection: COLLECTION,
      targetId: String(found.docs[0].id),
    })
    res.json({ ok: true })
  })

  /** The signed-in admin's own sessions, newest first; `current` marks this browser's. */
  router.get('/sessions', requireStaff(payload), async (req, res) => {
    const admin = req.staff as TypedUser & SessionOwner
    const current = sessionIdOf(admin)
    const sessions: OwnSession[] = (admin.sessions ?? [])
      .filter((s) => sessionIsCurrent(s))
      .map((s) => ({
        id: s.id,
        createdAt: new Date(sessionStart(s)).toISOString(),
        expiresAt: new Date(s.expiresAt).toISOString(),
        current: s.id === current,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    res.json(sessions)
  })

  /** "Sign out everywhere else": every session of this account but the current one ends. */
  router.post('/sessions/revoke-others', requireStaff(payload), async (req, res) => {
    const admin = req.staff as TypedUser & SessionOwner
    const current = sessionIdOf(admin)
    let ended = 0
    await updateSessions(payload, admin, (sessions) => {
      ended = sessions.filter((s) => s.id !== current).length
      return sessions.filter((s) => s.id === current)
    })
    await audit(payload, { event: 'sessions-revoked', actor: usernameOf(admin), ip: req.ip, detail: { ended } })
    res.json({ ended })
  })

  /**
   * Change your own password: the current one is required (and throttled like
   * a login, so a stolen session cannot guess it), and every other session ends.
   */
  router.post('/password', loginRateLimit, requireStaff(payload), async (req, res) => {
    const admin = req.staff as TypedUser & SessionOwner
    const username = usernameOf(admin)
    const { currentPassword, newPassword } = parseBody(req, passwordChangeSchema)
    const ip = req.ip ?? 'unknown'
    const throttle = loginThrottle(payload)
    const { wait } = await throttle.check(username, ip)
    if (wait) {
      res.set('Retry-After', String(wait.retryAfterSeconds))
      throw new HttpError(429, new LoginThrottled(wait).message)
    }
    const stored = await payload.db.findOne({ collection: COLLECTION, where: { id: { equals: admin.id } } })
    if (!(await passwordMatches(stored as { hash?: unknown; salt?: unknown } | null, currentPassword))) {
      await throttle.recordFailure(username, ip)
      const message = 'The current password is not correct'
      throw new HttpError(400, message, [{ path: 'currentPassword', message }])
    }
    const problem = checkPasswordPolicy(newPassword, username)
    if (problem) throw new HttpError(400, problem, [{ path: 'newPassword', message: problem }])
    const current = sessionIdOf(admin)
    await payload.update({
      collection: COLLECTION,
      id: admin.id,
      data: { password: newPassword },
      user: admin,
      overrideAccess: false,
      context: { skipAudit: true },
    })
    await updateSessions(payload, admin, (sessions) => sessions.filter((s) => s.id === current))
    await throttle.recordSuccess(username, ip)
    await audit(payload, {
      event: 'password-change',
      actor: username,
      ip,
      targetCollection: COLLECTION,
      targetId: String(admin.id),
      changedFields: ['password'],
    })
    res.json({ ok: true })
  })

  /**
   * Change your own email: with email on, it takes effect once confirmed from the new address (a link mailed there;
   * the old one is told), whichever door changes it (the admin-users hooks, cms/auth/accountChanges.ts).
   */
  router.post('/email', requireStaff(payload), async (req, res) => {
    const { email } = parseBody(req, emailChangeSchema)
    const admin = req.staff as TypedUser
    const user = await payload.update({
      collection: COLLECTION,
      id: admin.id,
      data: { email },
      user: admin,
      overrideAccess: false,
      depth: 0,
    })
    res.json(sessionResponse(user))
  })

  /**
   * "Forgot password": the same answer, at once, whether or not the address
   * belongs to an account; the lookup and the email happen afterwards.
   */
  router.post('/recover', loginRateLimit, recoveryRateLimit, async (req, res) => {
    const { email } = parseBody(req, recoveryRequestSchema)
    const ip = req.ip ?? 'unknown'
    res.json({ message: RECOVERY_ANSWER })
    sendRecoveryLink(payload, email, ip).catch((err) => payload.logger.error({ msg: 'Could not send a recovery link', err }))
  })

  router.post('/recover/reset', loginRateLimit, recoveryRateLimit, async (req, res) => {
    const { token, password } = parseBody(req, recoveryResetSchema)
    const username = await resetWithLink(payload, token, password, req.ip ?? 'unknown')
    if (!username) throw new HttpError(400, 'This link is invalid, already used or expired. Ask for a new one.')
    res.json({ ok: true, username })
  })

  /**
   * A new staff account's invitation again (cms/auth/recovery.ts inviteStaff): mailed to her, or its link answered to
   * the admin to pass on (a site that sends no email, or `link`). Only while she has not chosen her password.
   */
  router.post('/staff/:id/invitation', requireStaff(payload), requireAdmin, async (req, res) => {
    const id = String(req.params.id)
    if (!isPlausibleId(id)) throw notFound('No staff account has this id')
    const { link } = parseBody(req, invitationSchema)
    const sent = await inviteStaff(payload, id, { asLink: link })
    await audit(payload, {
      event: 'invitation-sent',
      actor: usernameOf(req.staff!),
      ip: req.ip,
      targetCollection: COLLECTION,
      targetId: id,
      detail: { via: 'link' in sent ? 'link' : 'email' },
    })
    res.json(sent)
  })

  /** A new email address confirmed by the link mailed to it (no session needed: the link is the proof). */
  router.post('/email/confirm', loginRateLimit, recoveryRateLimit, async (req, res) => {
    const { token } = parseBody(req, emailConfirmSchema)
    const confirmed = await confirmEmailChange(payload, token, req.ip ?? 'unknown')
    if (!confirmed)
      throw new HttpError(400, 'This confirmation link is invalid, already used or expired. Change the email again to get a new one.')
    res.json(confirmed)
  })

  return router
}
