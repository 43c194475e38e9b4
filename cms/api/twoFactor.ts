import { Router, type NextFunction, type Request, type Response } from 'express'
import type { Payload, TypedUser } from 'payload'
import { secondFactorConfirmSchema, secondFactorDisableSchema, securitySettingsSchema } from '#shared/schemas'
import { roleOf } from '../access/roles'
import { audit, type AuditEvent } from '../audit/log'
import { LoginThrottled, oneCheckAtATime } from '../auth/loginGuard'
import { passwordMatches, type StoredPassword } from '../auth/passwordCheck'
import { loginThrottle } from '../auth/throttle'
import {
  acceptedStep,
  checkSecondFactor,
  enrolmentOf,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  SECOND_FACTOR_OFF,
  SECOND_FACTOR_SELECT,
  storedRecoveryHashes,
  type SecondFactorState,
} from '../auth/totp'
import { SECURITY_SETTINGS } from '../globals/SecuritySettings'
import { HttpError } from '../http/errors'
import { requireAdmin } from '../http/requireAdmin'
import { requireStaff } from '../auth/sessionUser'
import { parseBody } from '../http/validate'
import { loginRateLimit } from '../security/forms'
import { asStaff } from './crud'

const COLLECTION = 'admin-users'
const usernameOf = (user: TypedUser) => String((user as { username?: unknown }).username ?? '')

/** What GET /api/admin/account/two-factor answers (the account dialog and the dashboard read it). */
export type TwoFactorStatus = {
  enabled: boolean
  recoveryCodesLeft: number
  /** The club requires two-factor sign-in for admins (Security settings). */
  requiredForAdmins: boolean
  /** This account is an admin without it while it is required: every other admin call answers 403 until it is set up. */
  mustSetUp: boolean
}

const requiredForAdmins = async (payload: Payload) =>
  Boolean((await payload.findGlobal({ slug: SECURITY_SETTINGS, depth: 0, overrideAccess: true })).requireTotpForAdmins)

/** An admin without two-factor sign-in while the club requires it: only the account's own calls are open to them. */
export const mustSetUp = async (payload: Payload, user: TypedUser) =>
  roleOf(user) === 'admin' && !(user as SecondFactorState).totpEnabled && (await requiredForAdmins(payload))

export const SET_UP_FIRST = 'Set up two-factor sign-in first: open Account and follow "Two-factor sign-in".'

/**
 * Mounted before every /api/admin call but the account's own (session,
 * password, two-factor, logout): an admin who must set up two-factor sign-in
 * may do nothing else first. Editors are not affected.
 */
export function requireSecondFactorWhenDemanded(payload: Payload) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      if (await mustSetUp(payload, req.staff!)) return next(new HttpError(403, SET_UP_FIRST))
      next()
    } catch (err) {
      next(err)
    }
  }
}

/**
 * The signed-in account's own second factor (SECURITY.md §1) and, for admins,
 * the club's "require it for admins" setting; under /api/admin/account.
 * Secrets and recovery codes are written only here (and by guardLogin and
 * admin:reset), through the database adapter: their fields refuse every API.
 */
export function twoFactorRouter(payload: Payload): Router {
  const router = Router()
  router.use(requireStaff(payload))

  const stored = async (user: TypedUser) =>
    (await payload.db.findOne({
      collection: COLLECTION,
      where: { id: { equals: user.id } },
      select: { hash: true, salt: true, ...SECOND_FACTOR_SELECT },
    })) as (StoredPassword & SecondFactorState) | null
  const save = (user: TypedUser, data: SecondFactorState) =>
    payload.db.updateOne({ collection: COLLECTION, id: user.id, data: { ...data, updatedAt: null }, returning: false })

  /**
   * Runs a check of this account's password or code in the login queue and
   * throttle: a stolen session cannot guess them faster than a login could.
   * `check` answers the failing field and message, or its result.
   */
  const throttled = async <T>(
    req: Request,
    res: Response,
    check: () => Promise<{ fail: { path: string; message: string } } | { ok: T }>,
  ): Promise<T> => {
    const username = usernameOf(req.staff!)
    const ip = req.ip ?? 'unknown'
    return oneCheckAtATime(username, async () => {
      const throttle = loginThrottle(payload)
      const { wait } = await throttle.check(username, ip)
      if (wait) {
        res.set('Retry-After', String(wait.retryAfterSeconds))
        throw new HttpError(429, new LoginThrottled(wait).message)
      }
      const result = await check()
      if ('fail' in result) {
        await throttle.recordFailure(username, ip)
        throw new HttpError(400, result.fail.message, [result.fail])
      }
      await throttle.recordSuccess(username, ip)
      return result.ok
    })
  }
  const auditOwnAccount = (req: Request, event: AuditEvent) =>
    audit(payload, { event, actor: usernameOf(req.staff!), ip: req.ip, targetCollection: COLLECTION, targetId: String(req.staff!.id) })
  const WRONG_CODE = {
    path: 'code',
    message: 'That code is not correct (or was already used). Enter the current 6-digit code from your app, or a recovery code.',
  }

  router.get('/two-factor', async (req, res) => {
    const state = (await stored(req.staff!)) ?? {}
    const required = await requiredForAdmins(payload)
    const status: TwoFactorStatus = {
      enabled: Boolean(state.totpEnabled),
      recoveryCodesLeft: state.totpEnabled ? storedRecoveryHashes(state).length : 0,
      requiredForAdmins: required,
      mustSetUp: required && roleOf(req.staff) === 'admin' && !state.totpEnabled,
    }
    res.json(status)
  })

  /** Step 1: a new secret, kept pending until a code from it is confirmed. */
  router.post('/two-factor/start', async (req, res) => {
    const admin = req.staff!
    if ((await stored(admin))?.totpEnabled)
      throw new HttpError(409, 'Two-factor sign-in is already on. Turn it off first to move it to another app.')
    const secret = newTotpSecret()
    await save(admin, { totpPendingSecret: sealSecret(secret) })
    res.json(enrolmentOf(secret, usernameOf(admin)))
  })

  /** Step 2: a code from the app proves it holds the secret; two-factor sign-in is on and the recovery codes are shown, once. */
  router.post('/two-factor/confirm', loginRateLimit, async (req, res) => {
    const admin = req.staff!
    const { code } = parseBody(req, secondFactorConfirmSchema)
    const recoveryCodes = await throttled(req, res, async () => {
      const state = await stored(admin)
      if (state?.totpEnabled) throw new HttpError(409, 'Two-factor sign-in is already on.')
      const pending = openSecret(state?.totpPendingSecret)
      if (!state || !pending) throw new HttpError(400, 'Start the set-up first: no authenticator app is being added.')
      const step = acceptedStep(pending, code, null)
      if (step === null) return { fail: WRONG_CODE }
      const { codes, hashes } = newRecoveryCodes()
      await save(admin, {
        totpEnabled: true,
        totpSecret: state.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        recoveryCodes: hashes,
      })
      return { ok: codes }
    })
    await auditOwnAccount(req, 'totp-enabled')
    res.json({ recoveryCodes })
  })

  /** Turning it off needs the password and a code (or a recovery code): a stolen session alone cannot. */
  router.post('/two-factor/disable', loginRateLimit, async (req, res) => {
    const admin = req.staff!
    const { password, code } = parseBody(req, secondFactorDisableSchema)
    await throttled(req, res, async () => {
      const state = await stored(admin)
      if (!state?.totpEnabled) throw new HttpError(409, 'Two-factor sign-in is not on.')
      if (!(await passwordMatches(state, password))) return { fail: { path: 'password', message: 'The password is not correct' } }
      if (!checkSecondFactor(state, code)) return { fail: WRONG_CODE }
      await save(admin, SECOND_FACTOR_OFF)
      return { ok: true }
    })
    await auditOwnAccount(req, 'totp-disabled')
    res.json({ ok: true })
  })

  /** New recovery codes (the old ones stop working), shown once. */
  router.post('/two-factor/recovery-codes', loginRateLimit, async (req, res) => {
    const admin = req.staff!
    const { code } = parseBody(req, secondFactorConfirmSchema)
    const recoveryCodes = await throttled(req, res, async () => {
      const state = await stored(admin)
      if (!state?.totpEnabled) throw new HttpError(409, 'Two-factor sign-in is not on.')
      const accepted = checkSecondFactor(state, code)
      if (!accepted) return { fail: WRONG_CODE }
      const { codes, hashes } = newRecoveryCodes()
      await save(admin, { ...accepted.update, recoveryCodes: hashes })
      return { ok: codes }
    })
    await auditOwnAccount(req, 'recovery-codes-regenerated')
    res.json({ recoveryCodes })
  })

  // The club-wide setting, for admins; Payload's admin edits the same global (Security settings).
  router.get('/security-settings', requireAdmin, async (req, res) => {
    const settings = await payload.findGlobal({ slug: SECURITY_SETTINGS, depth: 0, ...asStaff(req) })
    res.json({ requireTotpForAdmins: Boolean(settings.requireTotpForAdmins) })
  })

  router.put('/security-settings', requireAdmin, async (req, res) => {
    const { requireTotpForAdmins } = parseBody(req, securitySettingsSchema)
    await payload.updateGlobal({
      slug: SECURITY_SETTINGS,
      data: { requireTotpForAdmins },
      depth: 0,
      ...asStaff(req),
    })
    res.json({ requireTotpForAdmins })
  })

  return router
}
