import {
  APIError,
  AuthenticationError,
  type CollectionAfterLoginHook,
  type CollectionAfterRefreshHook,
  type CollectionAfterLogoutHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'
import { audit, auditSampled } from '../audit/log'
import { clientAddressOf } from '../security/clientAddress'
import { checkPasswordPolicy } from '../security/passwords'
import { oneAtATime } from './accountQueue'
import { inStrangersTurn, passwordMatches, type StoredPassword } from './passwordCheck'
import { checkSecondFactor, SECOND_FACTOR_SELECT, storedRecoveryHashes, type SecondFactorState } from './totp'
import { idleDeadline, updateSessions, type SessionOwner } from './sessions'
import { mailSignInLink, SIGN_IN_LINK_MINUTES } from './signInLink'
import { loginThrottle, type LoginThrottle, type Refusal } from './throttle'

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
 * A login that needs its second step, answered 401 with `totpRequired` so the
 * login form asks for the code:
 *  - 'missing' / 'wrong': the right password for an account with two-factor
 *    sign-in, without a code or with a wrong one (only ever answered after
 *    the password was right);
 *  - 'new-address': beyond the account-wide ceiling, from an address the
 *    account has not signed in from (cms/auth/throttle.ts). The same answer
 *    for a right or wrong password and an unknown name; a right one also
 *    mails a one-time sign-in link to an account without an authenticator app.
 */
export type SecondStep = 'missing' | 'wrong' | 'new-address'
const SECOND_STEP_MESSAGES: Record<SecondStep, string> = {
  missing: 'Enter the 6-digit code from your authenticator app',
  wrong: 'That authentication code is not correct (or was already used). Enter the current 6-digit code, or a recovery code.',
  'new-address':
    'After many failed sign-ins to this account, a sign-in from a new place needs a second step. ' +
    'If you use an authenticator app, enter its code with your password. Otherwise, if the password was right, ' +
    `a one-time sign-in link is on its way to the account's email (valid ${SIGN_IN_LINK_MINUTES} minutes). ` +
    'No email? Sign in from a device you used before, or ask whoever runs the server to run npm run admin:reset.',
}

export class SecondFactorRequired extends APIError {
  constructor(readonly step: SecondStep) {
    super(SECOND_STEP_MESSAGES[step], 401, { totpRequired: true }, true)
  }
}

/**
 * The right password of an account whose password was made for it (`admin-create`, printed on the server): the
 * login form then asks for the account's own, sent with the same password as `newPassword`, before any session.
 */
export class NewPasswordRequired extends APIError {
  constructor(message = 'This password was for the first sign-in only: choose your own password to continue.') {
    super(message, 401, { newPasswordRequired: true }, true)
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
 * A code check of one account (a login's second factor, the account's own two-factor calls, a password change's
 * current password) runs one after another: a code cannot be accepted twice by racing requests.
 */
export const oneCheckAtATime = <T>(username: string, check: () => Promise<T>) =>
  oneAtATime(`\u0000guard:${username.trim().toLowerCase()}`, check)

const usernameOf = (data: unknown): string => {
  const value = (data as { username?: unknown } | undefined)?.username
  return typeof value === 'string' ? value.trim().toLowerCase() : ''
}

/** A password login that passed every check: its account, and its data (the new password once a one-time one was replaced). */
export type CheckedLogin<T> = { account: StoredPassword & { id: string | number; username: string }; data: T }

/**
 * Attempts of each account past their throttle check whose password is still being checked, in this process: they
 * count toward the account-wide ceiling (as failures) until their outcome is recorded, so attempts from many
 * addresses at once cannot slip past it together.
 */
const pending = new Map<string, number>()
const markPending = (username: string) => {
  pending.set(username, (pending.get(username) ?? 0) + 1)
  return () => {
    const left = (pending.get(username) ?? 1) - 1
    if (left > 0) pending.set(username, left)
    else pending.delete(username)
  }
}

/** The client went away while its attempt waited for its turn: nothing is checked, nothing counted, nobody to answer. */
export class ClientLeft extends APIError {
  constructor() {
    super('The client left before its password was checked', 400, null, true)
  }
}

/**
 * Every check of a password login, before any session: refuses a throttled attempt, then checks the password
 * (hashing against a dummy for an unknown name) so that a failure looks and costs the same whether or not the
 * account exists, then the second step and a one-time password. Throws the login's answer when it may not go on;
 * undefined when the name or password is missing (Payload answers its own "required" errors). Our
 * /api/admin/login then opens the session itself (cms/api/auth.ts); Payload's own login runs it as a hook.
 *
 * Attempts from one source at one account run one after another, so concurrent guesses from an address are counted
 * exactly; attempts from other sources go on meanwhile (`pending` keeps the ceiling). A source the account has not
 * signed in from waits for a strangers' turn to have its password hashed (cms/auth/passwordCheck.ts); the account's
 * known addresses do not: a flood of guesses never keeps the owner waiting behind it (SECURITY.md §1).
 */
export async function checkLogin<T>(req: PayloadRequest, data: T): Promise<CheckedLogin<T> | undefined> {
  const username = usernameOf(data)
  const password = (data as { password?: unknown } | undefined)?.password
  if (!username || typeof password !== 'string') return undefined
  const ip = clientAddressOf(req.headers)
  return oneAtATime(`\u0000source:${username}\u0000${ip}`, async () => {
    const throttle = loginThrottle(req.payload)
    const { wait, secondStep } = await throttle.check(username, ip, pending.get(username) ?? 0)
    if (wait) {
      auditSampled(req.payload, { event: 'login-throttled', actor: username, ip, detail: { reason: 'source' } })
      // Payload's REST login (/cms-api/admin-users/login) sends these headers with its error answer.
      req.responseHeaders = new Headers(req.responseHeaders)
      req.responseHeaders.set('Retry-After', String(wait.retryAfterSeconds))
      throw new LoginThrottled(wait)
    }
    const settled = markPending(username)
    try {
      return await checkPassword(req, data, { username, password, ip, secondStep, throttle })
    } finally {
      settled()
    }
  })
}

async function checkPassword<T>(
  req: PayloadRequest,
  data: T,
  {
    username,
    password,
    ip,
    secondStep,
    throttle,
  }: { username: string; password: string; ip: string; secondStep: boolean; throttle: LoginThrottle },
): Promise<CheckedLogin<T>> {
  const account = (await req.payload.db.findOne({
    collection: 'admin-users',
    where: { username: { equals: username } },
    select: { hash: true, salt: true, username: true, email: true, passwordChangeRequired: true, ...SECOND_FACTOR_SELECT },
    req,
  })) as
    | (StoredPassword & SecondFactorState & { id: string | number; username: string; email?: unknown; passwordChangeRequired?: boolean })
    | null
  const fail = async (reason?: 'totp') => {
    await throttle.recordFailure(username, ip)
    auditSampled(req.payload, { event: 'login-failed', actor: username, ip, detail: reason ? { reason } : undefined })
    req.payload.logger.warn({ msg: 'Failed admin login', username, ip, reason })
  }
  const hash = () => passwordMatches(account, password)
  const passwordRight = (await throttle.isKnown(username, ip))
    ? await hash()
    : await inStrangersTurn(() => {
        // A guess whose sender hung up while it waited costs nothing more.
        if (req.signal?.aborted) throw new ClientLeft()
        return hash()
      })
  const code = secondFactorCodeOf(data, req.data)
  if (secondStep) {
    // Beyond the account-wide ceiling from a new address: one answer whatever was wrong, and only the
    // right password with the right code gets in; the right password alone mails a sign-in link.
    if (!passwordRight) await fail()
    else if (!account?.totpEnabled) void mailSignInLink(req.payload, account!)
    else if (code) {
      const accepted = await acceptCode(req, account, username, ip, code)
      if (accepted) return { account, data }
      await fail('totp')
    }
    auditSampled(req.payload, { event: 'login-throttled', actor: username, ip, detail: { reason: 'account' } })
    throw new SecondFactorRequired('new-address')
  }
  if (!passwordRight) {
    await fail()
    throw new AuthenticationError(req.t)
  }
  if (account?.totpEnabled) {
    // The password was right: now the second factor (cms/auth/totp.ts). A missing code is the
    // normal first step of such a login and costs nothing; a wrong one counts as a failed login.
    if (!code) throw new SecondFactorRequired('missing')
    if (!(await acceptCode(req, account, username, ip, code))) {
      await fail('totp')
      throw new SecondFactorRequired('wrong')
    }
  }
  // A wrong password has failed above, so the account exists here.
  const found = account!
  const passwordData = data as T & { password: string }
  return { account: found, data: found.passwordChangeRequired ? await replaceOneTimePassword(req, found, passwordData, password) : data }
}

/** The account's code checked and, if accepted, stored as used, one check of this account at a time. */
const acceptCode = (
  req: PayloadRequest,
  account: SecondFactorState & { id: string | number },
  username: string,
  ip: string,
  code: string,
) =>
  oneCheckAtATime(username, async () => {
    const fresh = (await req.payload.db.findOne({
      collection: 'admin-users',
      where: { id: { equals: account.id } },
      select: SECOND_FACTOR_SELECT,
      req,
    })) as SecondFactorState | null
    const accepted = fresh && checkSecondFactor(fresh, code)
    if (!accepted) return false
    await storeAccepted(req, account, username, ip, accepted)
    return true
  })

/** Payload's own login (its REST and admin doors) obeys the same checks; it then checks the password again itself. */
export const guardLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const checked = await checkLogin(req, args.data)
  if (checked) args.data = checked.data
  return args
}

/**
 * The account's one-time password was right: with the new one (`newPassword`, the password policy's and
 * different), it becomes the account's password (which clears the flag, cms/collections/AdminUsers.ts) and the
 * login goes on with it; without, the form is asked for it. The session opens only with a password of the owner's.
 */
async function replaceOneTimePassword<T extends { password: string }>(
  req: PayloadRequest,
  account: { id: string | number; username: string },
  data: T,
  oneTimePassword: string,
): Promise<T> {
  const newPassword = [data, req.data].map((source) => (source as { newPassword?: unknown } | undefined)?.newPassword).find(Boolean)
  if (typeof newPassword !== 'string') throw new NewPasswordRequired()
  const problem =
    newPassword === oneTimePassword
      ? 'Choose a password of your own, not the one you were given.'
      : checkPasswordPolicy(newPassword, account.username)
  if (problem) throw new NewPasswordRequired(problem)
  await req.payload.update({
    collection: 'admin-users',
    id: account.id,
    data: { password: newPassword },
    depth: 0,
    context: { skipAudit: true },
  })
  await audit(req.payload, {
    event: 'password-change',
    actor: account.username,
    ip: clientAddressOf(req.headers),
    targetCollection: 'admin-users',
    targetId: String(account.id),
    changedFields: ['password', 'passwordChangeRequired'],
  })
  return { ...data, password: newPassword }
}

/** Stored before the login goes on, inside this account's queue: the same code cannot be accepted twice. */
async function storeAccepted(
  req: PayloadRequest,
  account: { id: string | number },
  username: string,
  ip: string,
  accepted: NonNullable<ReturnType<typeof checkSecondFactor>>,
) {
  await req.payload.db.updateOne({ collection: 'admin-users', id: account.id, data: accepted.update, req, returning: false })
  if (accepted.via === 'recovery') {
    await audit(
      req.payload,
      { event: 'recovery-code-used', actor: username, ip, detail: { left: storedRecoveryHashes(accepted.update).length } },
      req,
    )
  }
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
  await loginThrottle(req.payload, req).recordSuccess(String(owner.username), ip)
  await setIdleDeadline(req, owner, sessionIdOf(token))
  await audit(req.payload, { event: 'login', actor: String(owner.username), ip }, req)
  return user
}

/**
 * Payload's refresh-token (its admin calls it on every page change) moves the
 * session's stored expiry to 12 hours from now: the idle deadline is put back
 * (cms/auth/sessions.ts), so a refresh never keeps an idle session alive.
 */
export const afterRefresh: CollectionAfterRefreshHook = async ({ req, token }) => {
  const owner = req.user as SessionOwner | null
  if (owner) await setIdleDeadline(req, owner, sessionIdOf(token))
}

/** The session's stored expiry becomes its idle deadline; inside the operation's transaction (a login is already in the account's queue). */
const setIdleDeadline = (req: PayloadRequest, owner: SessionOwner, sid: string | undefined) =>
  updateSessions(
    req.payload,
    owner,
    (sessions) => sessions.map((s) => (s.id === sid ? { ...s, expiresAt: new Date(idleDeadline(s)) } : s)),
    req,
    true,
  )

export const afterLogout: CollectionAfterLogoutHook = async ({ req }) => {
  await audit(req.payload, { event: 'logout', actor: actorName(req), ip: clientAddressOf(req.headers) }, req)
}

const actorName = (req: PayloadRequest) => String((req.user as { username?: unknown } | null)?.username ?? 'unknown')
