import type { Payload, PayloadRequest } from 'payload'
import type { z } from 'zod'
import { duesAmount, isJoinable, MEMBER_STATUSES, type MembershipStatus } from '#shared/membership'
import type { membershipJoinSchema } from '#shared/schemas'
import type { Household, Membership } from '../payload-types'
import { createMemberLink, findMemberLink, type LinkData, type MemberLink, updateMemberLink } from '../auth/memberLinks'
import { takeMail } from '../auth/throttle'
import { inTransaction, isUniqueViolation } from '../db/transaction'
import { clubDayOf } from '../env'
import { HttpError } from '../http/errors'
import { isPlausibleId } from '../http/validate'
import { enqueueEmail } from '../outbox/outbox'
import { asSettling } from './memberships'
import { openSeason } from './seasons'

/**
 * Joining (docs/MEMBERSHIP.md "Joining"): the /join form answers the same for every address ("check your email"),
 * so nothing tells a stranger whether a family is a member. The first adult gets a mail: a household already a
 * member of the season is told so, with a sign-in link (nobody pays twice); any other gets a link that continues
 * to payment. Only opening that link (proof the address is theirs) makes the household and its pending
 * membership, found again by the first adult's address: two browsers, or two requests, lead to one membership.
 */

export type JoinRequest = z.output<typeof membershipJoinSchema>
type JoinData = JoinRequest & { seasonId: string; membershipId?: string }

const system = { depth: 0, overrideAccess: true } as const
const idOf = (value: unknown) => (value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null)

/** The household an adult's address belongs to: the one it heads, else one it is an adult of; null for none. */
export async function householdOf(payload: Payload, email: string, req?: PayloadRequest): Promise<Household | null> {
  const address = email.trim().toLowerCase()
  const context = req ? { req } : {}
  const heads = await payload.find({
    collection: 'households',
    where: { primaryEmail: { equals: address } },
    limit: 1,
    ...context,
    ...system,
  })
  if (heads.docs[0]) return heads.docs[0]
  const { docs } = await payload.find({
    collection: 'households',
    where: { 'adults.email': { equals: address } },
    sort: 'createdAt',
    limit: 1,
    ...context,
    ...system,
  })
  return docs[0] ?? null
}

/** The household's membership of a season, or null. */
export async function membershipOf(payload: Payload, householdId: string, seasonId: string, req?: PayloadRequest) {
  const { docs } = await payload.find({
    collection: 'memberships',
    where: { key: { equals: `${seasonId}:${householdId}` } },
    limit: 1,
    ...(req ? { req } : {}),
    ...system,
  })
  return docs[0] ?? null
}

/**
 * A join request: 400 for a level not on offer in the open season; otherwise one mail to the first adult (at
 * most three such an hour per address, the rest dropped in silence) and the same answer for everyone.
 */
export async function requestToJoin(payload: Payload, request: JoinRequest): Promise<void> {
  const day = clubDayOf()
  const season = await openSeason(payload, day)
  const level =
    season && isPlausibleId(request.levelId)
      ? await payload.findByID({ collection: 'membership-levels', id: request.levelId, disableErrors: true, ...system })
      : null
  if (!season || !level || idOf(level.season) !== season.id || !level.onOffer)
    throw new HttpError(400, 'levelId: That membership level is not on offer; choose one of the levels on /join', [
      { path: 'levelId', message: 'Choose one of the levels on offer' },
    ])
  const email = request.adults[0].email.toLowerCase()
  if (!(await takeMail(payload, 'membership', email))) return
  await inTransaction(payload, null, async (req) => {
    const household = await householdOf(payload, email, req)
    const membership = household ? await membershipOf(payload, household.id, season.id, req) : null
    if (household && membership && MEMBER_STATUSES.includes(membership.status as MembershipStatus)) {
      const link = await createMemberLink(payload, req, { kind: 'sign-in', email, household: household.id })
      await enqueueEmail(payload, req, { key: `membership-already:${link.id}`, kind: 'membership-already', recordId: link.id, to: email })
      return
    }
    const data: JoinData = { ...request, seasonId: season.id }
    const link = await createMemberLink(payload, req, { kind: 'join', email, data: data as LinkData })
    await enqueueEmail(payload, req, { key: `membership-join:${link.id}`, kind: 'membership-join', recordId: link.id, to: email })
  })
}

/** What a join link leads to (the /join/continue page). */
type Found = { membership: Membership; household: Household }
export type Continued =
  { state: 'unknown' } | { state: 'expired' } | { state: 'closed' } | ({ state: 'member' } & Found) | ({ state: 'pay' } & Found)

const foundAs = (found: Found): Continued =>
  MEMBER_STATUSES.includes(found.membership.status as MembershipStatus) ? { state: 'member', ...found } : { state: 'pay', ...found }

/**
 * Opens a join link: finds or makes the household (by the first adult's address) and its membership of the
 * season, once, whatever arrives at once. A membership already paid (or comped) is a member's; a pending one
 * is to pay. `closed`: the level is no longer on offer, or the season no longer open.
 */
export async function continueJoin(payload: Payload, token: string): Promise<Continued> {
  const link = await findMemberLink(payload, 'join', token)
  if (link === null) return { state: 'unknown' }
  if (link === 'expired') return { state: 'expired' }
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(payload, null, (req) => settleJoin(payload, req, link))
    } catch (err) {
      // Another request made the household or membership first (possible on MongoDB): read theirs.
      if (!isUniqueViolation(err) || attempt > 2) throw err
    }
  }
}

async function settleJoin(payload: Payload, req: PayloadRequest, link: MemberLink): Promise<Continued> {
  const data = link.data as JoinData
  const known = data.membershipId
    ? await payload.findByID({ collection: 'memberships', id: data.membershipId, disableErrors: true, req, ...system })
    : null
  if (known) {
    const household = await payload.findByID({ collection: 'households', id: idOf(known.household)!, disableErrors: true, req, ...system })
    if (!household) return { state: 'expired' }
    return foundAs({ membership: known, household })
  }
  const [season, level] = await Promise.all([
    payload.findByID({ collection: 'seasons', id: data.seasonId, disableErrors: true, req, ...system }),
    payload.findByID({ collection: 'membership-levels', id: data.levelId, disableErrors: true, req, ...system }),
  ])
  if (!season || !level || !level.onOffer || !isJoinable(season, clubDayOf())) return { state: 'closed' }
  const household =
    (await householdOf(payload, link.email, req)) ??
    (await payload.create({
      collection: 'households',
      data: {
        name: data.householdName || `The ${data.adults[0].name.trim().split(/\s+/).at(-1)} family`,
        adults: data.adults.map((adult) => ({ name: adult.name, email: adult.email, receivesMail: true })),
      },
      req,
      ...system,
    }))
  let membership = await membershipOf(payload, household.id, season.id, req)
  if (!membership)
    membership = await payload.create({
      collection: 'memberships',
      data: { household: household.id, season: season.id, level: level.id, athletes: data.athletes, status: 'pending' },
      req,
      ...system,
    })
  else if (['cancelled', 'lapsed', 'refunded'].includes(membership.status))
    // Joining again: the membership is to pay again, at today's price for what was asked.
    membership = await asSettling(req, () =>
      payload.update({
        collection: 'memberships',
        id: membership!.id,
        // A new membership of the season in all but its record: no payment, no Checkout offered yet.
        data: {
          status: 'pending',
          level: level.id,
          athletes: data.athletes,
          dues: null,
          paymentMethod: null,
          paidOn: null,
          // Its attempt stays: the next session's idempotency key is a new one.
          checkout: { sessionId: null, url: null, expiresAt: null },
        },
        req,
        ...system,
      }),
    )
  await updateMemberLink(payload, req, link.id, { household: household.id, data: { ...data, membershipId: membership.id } })
  return foundAs({ membership, household })
}

/** What the join mail says the household will pay (the continue page then shows the amount kept with the membership). */
export async function quotedAmount(payload: Payload, data: JoinData): Promise<string | null> {
  const level = await payload.findByID({ collection: 'membership-levels', id: data.levelId, disableErrors: true, ...system })
  return level ? duesAmount(level, data.athletes, clubDayOf()) : null
}
