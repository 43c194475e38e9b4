import { createHash, randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import type { Payload, PayloadRequest } from 'payload'
import { HttpError } from '../http/errors'
import { securityConfig } from '../security/config'
import { MEMBER_COOKIE } from '../security/csrf'

/**
 * The members' passwordless sign-in (docs/MEMBERSHIP.md "Members' page"), shared by every domain that
 * serves families (memberships, volunteers): a member is an adult of a household, never a staff account
 * (no Payload admin, no /api/admin). A link is mailed to the adult's address; opening it (a POST, so a mail
 * scanner's GET spends nothing) opens a session with its own cookie. Only SHA-256 hashes of tokens are
 * stored (`member-links`). Which addresses may get a link is the calling domain's business: this module
 * never looks a household up.
 */
export const MEMBER_LINKS = 'member-links'

export type MemberLinkKind = 'sign-in' | 'join' | 'invite' | 'session'

/** How long a mailed link works after it is mailed, in minutes. */
export const LINK_MINUTES: Record<Exclude<MemberLinkKind, 'session'>, number> = {
  'sign-in': 30,
  // A join request's link leads to payment: a family may come back to it within the week.
  join: 7 * 24 * 60,
  invite: 7 * 24 * 60,
}
/** A member's session ends this long after it was opened, or when they sign out. */
export const SESSION_DAYS = 30

/** The signed-in member: the household and the adult's address the link was mailed to. */
export type Member = { householdId: string; email: string; sessionId: string }

/** What a link carries, as JSON. */
export type LinkData = Record<string, unknown>

export type MemberLink = {
  id: string
  kind: MemberLinkKind
  email: string
  household?: string | null
  data?: LinkData | null
  expiresAt?: string | null
  usedAt?: string | null
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
const system = { depth: 0, overrideAccess: true } as const

/**
 * Stores a link to be mailed (through the outbox, in the caller's transaction). It has no token yet: the
 * mail makes one when it is written (`tokenForMail`), so no usable token is ever stored or logged.
 */
export async function createMemberLink(
  payload: Payload,
  req: PayloadRequest,
  link: { kind: Exclude<MemberLinkKind, 'session'>; email: string; household?: string | null; data?: LinkData },
): Promise<MemberLink> {
  // Until its mail is written; a link whose mail never went out (email off) is pruned a day after it would have lapsed.
  const expiresAt = new Date(Date.now() + (LINK_MINUTES[link.kind] + 24 * 60) * 60_000).toISOString()
  const doc = await payload.create({
    collection: MEMBER_LINKS,
    data: { ...link, email: link.email.trim().toLowerCase(), expiresAt },
    req,
    ...system,
  })
  return doc as unknown as MemberLink
}

/**
 * The token a mail carries, made as the mail is written: the link keeps its hash and works for
 * LINK_MINUTES from now. A mail sent again gets a new token (the first never reached anyone). Null for a
 * link already used or gone.
 */
export async function tokenForMail(payload: Payload, linkId: string): Promise<{ token: string; link: MemberLink } | null> {
  const link = (await payload.findByID({ collection: MEMBER_LINKS, id: linkId, disableErrors: true, ...system })) as MemberLink | null
  if (!link || link.usedAt || link.kind === 'session') return null
  const token = newToken()
  const expiresAt = new Date(Date.now() + LINK_MINUTES[link.kind] * 60_000).toISOString()
  await payload.update({ collection: MEMBER_LINKS, id: link.id, data: { tokenHash: hashOf(token), expiresAt }, ...system })
  return { token, link: { ...link, expiresAt } }
}

/** A mailed link of `kind` by its token: the link, 'expired' (or already used), or null when no link has that token. */
export async function findMemberLink(
  payload: Payload,
  kind: MemberLinkKind,
  token: string,
  req?: PayloadRequest,
): Promise<MemberLink | 'expired' | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const { docs } = await payload.find({
    collection: MEMBER_LINKS,
    where: { and: [{ tokenHash: { equals: hashOf(token) } }, { kind: { equals: kind } }] },
    limit: 1,
    ...(req ? { req } : {}),
    ...system,
  })
  const link = docs[0] as MemberLink | undefined
  if (!link) return null
  if (link.usedAt || !link.expiresAt || Date.parse(link.expiresAt) <= Date.now()) return 'expired'
  return link
}

/** Marks a link used, in the caller's transaction: it never opens anything again. */
export async function spendMemberLink(payload: Payload, req: PayloadRequest, linkId: string, data?: LinkData) {
  await payload.update({
    collection: MEMBER_LINKS,
    id: linkId,
    data: { usedAt: new Date().toISOString(), ...(data === undefined ? {} : { data }) },
    req,
    ...system,
  })
}

/** Keeps what a link learned (a join request's household and membership) on the link itself. */
export async function updateMemberLink(
  payload: Payload,
  req: PayloadRequest,
  linkId: string,
  data: { household?: string; data?: LinkData },
) {
  await payload.update({ collection: MEMBER_LINKS, id: linkId, data, req, ...system })
}

const cookieValue = (token: string, maxAgeSeconds: number) =>
  [
    `${MEMBER_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(securityConfig.secureCookies ? ['Secure'] : []),
  ].join('; ')

/** Opens a member's session (in the caller's transaction) and sets its cookie on the answer. */
export async function openMemberSession(
  payload: Payload,
  req: PayloadRequest,
  res: Response,
  member: { email: string; household: string },
): Promise<void> {
  const token = newToken()
  await payload.create({
    collection: MEMBER_LINKS,
    data: {
      kind: 'session',
      tokenHash: hashOf(token),
      email: member.email.trim().toLowerCase(),
      household: member.household,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60_000).toISOString(),
    },
    req,
    ...system,
  })
  res.append('Set-Cookie', cookieValue(token, SESSION_DAYS * 24 * 60 * 60))
}

const tokenOf = (req: Pick<Request, 'headers'>) => {
  const cookies = req.headers.cookie ?? ''
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === MEMBER_COOKIE) return value.join('=')
  }
  return null
}

/** The signed-in member of this request, or null (no cookie, an unknown, ended or expired session). */
export async function memberOf(payload: Payload, req: Pick<Request, 'headers'>): Promise<Member | null> {
  const token = tokenOf(req)
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const { docs } = await payload.find({
    collection: MEMBER_LINKS,
    where: { and: [{ tokenHash: { equals: hashOf(token) } }, { kind: { equals: 'session' } }] },
    limit: 1,
    ...system,
  })
  const session = docs[0] as MemberLink | undefined
  if (!session?.household || !session.expiresAt || Date.parse(session.expiresAt) <= Date.now()) return null
  return { householdId: session.household, email: session.email, sessionId: session.id }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in member (an adult of a household), set by requireMember. */
    member?: Member
  }
}

/** 401 unless a member is signed in; they are then on req.member. */
export function requireMember(payload: Payload) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const member = await memberOf(payload, req)
      if (!member) return next(new HttpError(401, 'Not signed in: ask for a sign-in link at /member'))
      req.member = member
      next()
    } catch (err) {
      next(err)
    }
  }
}

/** Ends the request's session (signing out) and clears its cookie. */
export async function endMemberSession(payload: Payload, member: Member, res: Response) {
  await payload.delete({ collection: MEMBER_LINKS, id: member.sessionId, ...system })
  res.append('Set-Cookie', cookieValue('', 0))
}

/** Every link and session of a household (deleting it at the family's request), in the caller's transaction. */
export async function forgetHousehold(payload: Payload, req: PayloadRequest, householdId: string) {
  await payload.delete({ collection: MEMBER_LINKS, where: { household: { equals: householdId } }, req, ...system })
}

/** Links and sessions whose time has passed; run hourly with the other pruning (cms/start.ts). */
export async function pruneMemberLinks(payload: Payload, now = Date.now()): Promise<void> {
  await payload.db.deleteMany({ collection: MEMBER_LINKS, where: { expiresAt: { less_than: new Date(now).toISOString() } } })
}
