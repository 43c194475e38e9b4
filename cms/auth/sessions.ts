import { randomUUID } from 'node:crypto'
import { getFieldsToSign, jwtSign, type Payload, type PayloadRequest, type TypedUser } from 'payload'
import { audit } from '../audit/log'
import { env } from '../env'
import { securityConfig } from '../security/config'
import { oneAtATime } from './accountQueue'
import { loginThrottle } from './throttle'

/**
 * A session ends SESSION_IDLE_MINUTES after its last request, and 12 hours
 * after login whatever happens. The stored `expiresAt` of each session is its
 * idle deadline: login sets it, every authenticated request pushes it forward
 * (written at most once a minute), never past createdAt + 12 h.
 */
export const IDLE_MS = env.SESSION_IDLE_MINUTES * 60_000
export const CAP_MS = securityConfig.sessionSeconds * 1000
const WRITE_EVERY_MS = 60_000

export type StoredSession = { id: string; createdAt?: string | Date | null; expiresAt: string | Date }
export type SessionOwner = { id: string | number; username?: unknown; sessions?: StoredSession[] | null }

const time = (value: string | Date) => new Date(value).getTime()
/** When the session began: Payload stamps createdAt; without it, 12 hours before its expiry (Payload's expiry is login + 12 h). */
export const sessionStart = (session: StoredSession) => (session.createdAt ? time(session.createdAt) : time(session.expiresAt) - CAP_MS)

export const idleDeadline = (session: StoredSession, now = Date.now()) => Math.min(sessionStart(session) + CAP_MS, now + IDLE_MS)

export function sessionIsCurrent(session: StoredSession | undefined, now = Date.now()): session is StoredSession {
  return session !== undefined && time(session.expiresAt) > now && sessionStart(session) + CAP_MS > now
}

const COLLECTION = 'admin-users'

/** Rewrites the account's session list, re-read inside the account's queue so no concurrent login is lost. */
export async function updateSessions(
  payload: Payload,
  user: SessionOwner,
  change: (sessions: StoredSession[]) => StoredSession[],
  req?: Partial<PayloadRequest>,
  /** True when the caller already runs in this account's queue (a login): waiting for it again would deadlock. */
  inQueue = false,
): Promise<void> {
  const write = async () => {
    const fresh = (await payload.db.findOne({ collection: COLLECTION, where: { id: { equals: user.id } }, req })) as SessionOwner | null
    if (!fresh) return
    const sessions = change(fresh.sessions ?? [])
    await payload.db.updateOne({ collection: COLLECTION, id: fresh.id, data: { sessions, updatedAt: null }, req, returning: false })
  }
  if (inQueue) return write()
  await oneAtATime(String(user.username ?? user.id), write)
}

/** After an authenticated request: push the session's idle deadline forward, once a minute at most. */
export async function touchSession(payload: Payload, user: SessionOwner, sid: string, now = Date.now()): Promise<void> {
  const session = user.sessions?.find((s) => s.id === sid)
  if (!session || idleDeadline(session, now) - time(session.expiresAt) < WRITE_EVERY_MS) return
  await updateSessions(payload, user, (sessions) =>
    sessions.map((s) => (s.id === sid && sessionIsCurrent(s, now) ? { ...s, expiresAt: new Date(idleDeadline(s, now)) } : s)),
  )
}

/**
 * A new session for an account whose sign-in passed every check (a password, cms/auth/loginGuard.ts, or a mailed
 * link, cms/auth/signInLink.ts), as Payload's login opens one: the session with its idle deadline (ended ones
 * dropped), the signed token, the source's failure count started again, an audit row. Payload's own login would check
 * the password a second time (a hash costs about 0.13 CPU s). Null when no account has this id and username (gone, or
 * renamed since the check).
 */
export async function openSession(
  payload: Payload,
  account: { id: string | number; username: string },
  ip: string,
  { via, inQueue = false }: { via?: string; inQueue?: boolean } = {},
): Promise<{ user: TypedUser; token: string } | null> {
  const where = { id: { equals: account.id }, username: { equals: account.username } }
  const user = (await payload.db.findOne({ collection: COLLECTION, where })) as (TypedUser & SessionOwner) | null
  if (!user) return null
  const collectionConfig = payload.collections[COLLECTION].config
  const now = Date.now()
  const session = { id: randomUUID(), createdAt: new Date(now), expiresAt: new Date(now) }
  session.expiresAt = new Date(idleDeadline(session, now))
  await updateSessions(payload, user, (sessions) => [...sessions.filter((s) => sessionIsCurrent(s, now)), session], undefined, inQueue)
  const { token } = await jwtSign({
    fieldsToSign: getFieldsToSign({
      collectionConfig,
      email: String(user.email ?? ''),
      sid: session.id,
      user: { ...user, collection: COLLECTION } as PayloadRequest['user'],
    }),
    secret: payload.secret,
    tokenExpiration: collectionConfig.auth.tokenExpiration,
  })
  const username = String(user.username)
  await loginThrottle(payload).recordSuccess(username, ip)
  await audit(payload, { event: 'login', actor: username, ip, ...(via ? { detail: { via } } : {}) })
  return { user, token }
}
