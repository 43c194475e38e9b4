import {
  APIError,
  AuthenticationError,
  type CollectionAfterLoginHook,
  type CollectionAfterOperationHook,
  type CollectionAfterLogoutHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'
import { audit, auditSampled } from '../audit/log'
import { clientAddressOf } from '../security/clientAddress'
import { oneAtATime } from './accountQueue'
import { passwordMatches, type StoredPassword } from './passwordCheck'
import { checkSecondFactor, SECOND_FACTOR_SELECT, storedRecoveryHashes, type SecondFactorState } from './totp'
import { idleDeadline, updateSessions, type SessionOwner } from './sessions'
import { loginThrottle, type Refusal } from './throttle'

/**
 * Hooks of the admin-users collection that make every login path (our
 * /api/admin/login, Payload's own REST and admin login) obey the same rules:
 * throttling per account and source instead of a lockout, one answer and one
 * cost for unknown names and wrong passwords, and an audit row.
 */

export class LoginThrottled extends APIError {
  constructor(readonly refusal: Refusal) {
    const minutes = Math.ceil(refusal.retryAfterSeconds / 60)
    const wait = refusal.retryAfterSeconds < 120 ? `${refusal.retryAfterSeconds} seconds` : `${minutes} minutes`
    super(
      `Too many failed logins for this username. Please wait ${wait} and try again.`,
      429,
      { retryAfterSeconds: refusal.retryAfterSeconds },
      true,
    )
  }
}

/**
 * The right password for an account with two-factor sign-in on, without a
 * code or with a wrong one: 401, and `totpRequired` so the login form asks for
 * the code. Only ever answered after the password was right.
 */
export class SecondFactorRequired extends APIError {
  constructor(readonly given: boolean) {
    super(
      given
        ? 'That authentication code is not correct (or was already used). Enter the current 6-digit code, or a recovery code.'
        : 'Enter the 6-digit code from your authenticator app',
      401,
      { totpRequired: true },
      true,
    )
  }
}

/** The second-factor code of a login: in the login data (our /api/admin/login) or the request body (Payload's REST login). */
const secondFactorCodeOf = (...sources: unknown[]): string | undefined => {
  for (const source of sources) {
    const code = (source as { code?: unknown } | undefined)?.code
    if (typeof code === 'string' && code.trim()) return code.trim().slice(0, 40)
  }
  return undefined
}

/**
 * Password and code checks of one account run one after another (logins and
 * the account's own two-factor calls alike): concurrent guesses are counted
 * exactly, and a code cannot be accepted twice by racing requests.
 */
export const oneCheckAtATime = <T>(username: string, check: () => Promise<T>) =>
  oneAtATime(`\u0000guard:${username.trim().toLowerCase()}`, check)

const usernameOf = (data: unknown): string => {
  const value = (data as { username?: unknown } | undefined)?.username
  return typeof value === 'string' ? value.trim().toLowerCase() : ''
}

/**
 * Runs before Payload's own login: refuses a throttled attempt, then checks
 * the password itself (hashing against a dummy for an unknown name) so that a
 * failure looks and costs the same whether or not the account exists. Only a
 * right password reaches Payload's login, which then opens the session.
 */
export const guardLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const username = usernameOf(args.data)
  const password = (args.data as { password?: unknown } | undefined)?.password
  if (!username || typeof password !== 'string') return args // Payload answers its own "required" errors
  const ip = clientAddressOf(req.headers)
  // One check at a time per username: concurrent guesses cannot all pass the throttle before any failure counts.
  await oneCheckAtATime(username, async () => {
    const refusal = loginThrottle.check(username, ip)
    if (refusal) {
      auditSampled(req.payload, { event: 'login-throttled', actor: username, ip, detail: { reason: refusal.reason } })
      // Payload's REST login (/cms-api/admin-users/login) sends these headers with its error answer.
      req.responseHeaders = new Headers(req.responseHeaders)
      req.responseHeaders.set('Retry-After', String(refusal.retryAfterSeconds))
      throw new LoginThrottled(refusal)
    }
    const account = (await req.payload.db.findOne({
      collection: 'admin-users',
      where: { username: { equals: username } },
      select: { hash: true, salt: true, ...SECOND_FACTOR_SELECT },
      req,
    })) as (StoredPassword & SecondFactorState & { id: string | number }) | null
    const fail = (reason?: 'totp') => {
      loginThrottle.recordFailure(username, ip)
      auditSampled(req.payload, { event: 'login-failed', actor: username, ip, detail: reason ? { reason } : undefined })
      req.payload.logger.warn({ msg: 'Failed admin login', username, ip, reason })
    }
    if (!(await passwordMatches(account, password))) {
      fail()
      throw new AuthenticationError(req.t)
    }
    if (!account?.totpEnabled) return
    // The password was right: now the second factor (cms/auth/totp.ts). A missing code is the
    // normal first step of such a login and costs nothing; a wrong one counts as a failed login.
    const code = secondFactorCodeOf(args.data, req.data)
    if (!code) throw new SecondFactorRequired(false)
    const accepted = checkSecondFactor(account, code)
    if (!accepted) {
      fail('totp')
      throw new SecondFactorRequired(true)
    }
    // Stored before the login goes on, inside this account's queue: the same code cannot be accepted twice.
    await req.payload.db.updateOne({ collection: 'admin-users', id: account.id, data: accepted.update, req, returning: false })
    if (accepted.via === 'recovery') {
      await audit(
        req.payload,
        { event: 'recovery-code-used', actor: username, ip, detail: { left: storedRecoveryHashes(accepted.update).length } },
        req,
      )
    }
  })
  return args
}

const sessionIdOf = (token: string | undefined): string | undefined => {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString()).sid
  } catch {
    return undefined
  }
}

/** A successful login: the source's count starts again, the new session gets its idle deadline, an audit row. */
export const afterLogin: CollectionAfterLoginHook = async ({ req, token, user }) => {
  const owner = user as SessionOwner
  const ip = clientAddressOf(req.headers)
  loginThrottle.recordSuccess(String(owner.username), ip)
  const sid = sessionIdOf(token)
  await updateSessions(
    req.payload,
    owner,
    (sessions) => sessions.map((s) => (s.id === sid ? { ...s, expiresAt: new Date(idleDeadline(s)) } : s)),
    req,
    true,
  )
  await audit(req.payload, { event: 'login', actor: String(owner.username), ip }, req)
  return user
}

/**
 * Payload's reset-password (its REST at /cms-api/admin-users/reset-password)
 * signs the account in with the new password alone. For an account with
 * two-factor sign-in that session is ended at once: the new password works,
 * but only at a login with the code. (Our own /api/admin/recover/reset ends
 * every session anyway.)
 */
export const noSessionWithoutSecondFactor: CollectionAfterOperationHook = async ({ operation, result, req }) => {
  if (operation !== 'resetPassword') return result
  const user = (result as { user?: SessionOwner & SecondFactorState } | undefined)?.user
  if (user?.totpEnabled) await updateSessions(req.payload, user, () => [])
  return result
}

export const afterLogout: CollectionAfterLogoutHook = async ({ req }) => {
  await audit(req.payload, { event: 'logout', actor: actorName(req), ip: clientAddressOf(req.headers) }, req)
}

const actorName = (req: PayloadRequest) => String((req.user as { username?: unknown } | null)?.username ?? 'unknown')
