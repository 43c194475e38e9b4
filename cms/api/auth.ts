import { Router, type Response } from 'express'
import {
  createLocalReq,
  generateExpiredPayloadCookie,
  generatePayloadCookie,
  logoutOperation,
  type Payload,
  type TypedUser,
} from 'payload'
import { HttpError } from '../http/errors'
import { requireAdmin, sessionUser } from '../http/session'
import { parseBody } from '../http/validate'
import { loginSchema, setupSchema, unlockSchema } from '#shared/schemas'
import { checkPasswordPolicy } from '../security/passwords'
import { loginRateLimit } from '../security/forms'

const COLLECTION = 'admin-users'

export const publicUser = (user: TypedUser) => ({
  id: user.id,
  username: user.username,
  email: user.email ?? null,
  role: user.collection === 'admin-users' ? user.role : 'admin',
})
/** GET /api/admin/me and login answer `{ user }`. */
export type SessionResponse = { user: ReturnType<typeof publicUser> }

/** Admin session calls (docs/API.md): me, login, setup, logout, plus unlock. */
export function authRouter(payload: Payload): Router {
  const router = Router()

  /**
   * Payload's login reads the admin's session list before its transaction and
   * writes the whole list back afterwards (payloadcms/payload#18132): two
   * overlapping logins lose one session, and a login overlapping a logout can
   * bring the logged-out session back to life. Changes to one admin account
   * (login, logout, unlock) therefore run one at a time in this process;
   * other accounts, and unknown usernames, do not wait for each other.
   */
  const queues = new Map<string, Promise<unknown>>()
  const oneAtATime = <T,>(account: string, fn: () => Promise<T>): Promise<T> => {
    const key = account.trim().toLowerCase()
    const run = (queues.get(key) ?? Promise.resolve()).then(fn)
    const tail = run.catch(() => undefined)
    queues.set(key, tail)
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key)
    })
    return run
  }
  const authConfig = () => payload.collections[COLLECTION].config.auth

  const setSessionCookie = (res: Response, token: string) =>
    res.append('Set-Cookie', generatePayloadCookie({ collectionAuthConfig: authConfig(), cookiePrefix: payload.config.cookiePrefix, token }))

  router.get('/me', async (req, res) => {
    const user = await sessionUser(payload, req)
    if (!user) throw new HttpError(401, 'Not authenticated')
    res.json({ user: publicUser(user) })
  })

  router.post('/login', loginRateLimit, async (req, res) => {
    const { username, password } = parseBody(req, loginSchema)
    try {
      const result = await oneAtATime(username, () => payload.login({ collection: COLLECTION, data: { username, password } }))
      if (!result.token || !result.user) throw new HttpError(401, 'Invalid credentials')
      setSessionCookie(res, result.token)
      res.json({ user: publicUser(result.user) })
    } catch (err) {
      const reason = err instanceof Error ? err.name : undefined
      // Log who and from where, never the password.
      payload.logger.warn({ msg: 'Failed admin login', username, ip: req.ip, reason })
      if (reason === 'LockedAuth') {
        throw new HttpError(423, 'This account is locked for 10 minutes after too many failed logins. Try again later.')
      }
      if (err instanceof HttpError || reason === 'AuthenticationError') throw new HttpError(401, 'Invalid credentials')
      throw err
    }
  })

  // One at a time, so two first-time requests cannot both create an admin.
  router.post('/setup', loginRateLimit, async (req, res) => {
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
      })
    })
    res.status(201).json({ user: publicUser(user) })
  })

  router.post('/logout', requireAdmin(payload), async (req, res) => {
    const localReq = await createLocalReq({ user: req.admin }, payload)
    await oneAtATime(req.admin?.username ?? '', () => logoutOperation({ collection: payload.collections[COLLECTION], req: localReq }))
    res.append(
      'Set-Cookie',
      generateExpiredPayloadCookie({ collectionAuthConfig: authConfig(), config: payload.config, cookiePrefix: payload.config.cookiePrefix }),
    )
    res.json({ ok: true })
  })

  // Only an admin can lift another admin's 10-minute lock.
  router.post('/unlock', requireAdmin(payload), async (req, res) => {
    // Usernames are stored lower-cased (Payload's username field), as login compares them.
    const username = parseBody(req, unlockSchema).username.toLowerCase()
    const found = await payload.find({ collection: COLLECTION, where: { username: { equals: username } }, limit: 1 })
    if (found.docs.length === 0) throw new HttpError(404, 'Admin not found')
    const localReq = await createLocalReq({ user: req.admin }, payload)
    await oneAtATime(username, () => payload.unlock({ collection: COLLECTION, data: { username }, overrideAccess: false, req: localReq }))
    res.json({ ok: true })
  })

  return router
}
