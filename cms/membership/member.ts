import { Router, type Request, type Response } from 'express'
import type { Payload, PayloadRequest } from 'payload'
import {
  benefitsInWords,
  MAX_ADULTS,
  MEMBER_STATUSES,
  type DirectoryEntry,
  type MemberView,
  type MembershipMethod,
  type MembershipStatus,
  type TaxTreatment,
} from '#shared/membership'
import { memberAdultSchema, memberDirectorySchema, memberSignInSchema } from '#shared/schemas'
import type { Household, Membership } from '../payload-types'
import {
  createMemberLink,
  endMemberSession,
  findMemberLink,
  type Member,
  openMemberSession,
  requireMember,
  spendMemberLink,
} from '../auth/memberLinks'
import { takeMail } from '../auth/throttle'
import { inTransaction } from '../db/transaction'
import { HttpError } from '../http/errors'
import { parseBody } from '../http/validate'
import { enqueueEmail, kickOutbox } from '../outbox/outbox'
import { recoveryRateLimit } from '../security/forms'
import { sameOriginWrites } from '../security/csrf'
import { householdOf } from './join'
import { openSeason } from './seasons'
import { duesReceiptPdf } from './receipt'

/**
 * A family's own page (docs/MEMBERSHIP.md "Members' page"): an adult signs in with a link mailed to their
 * address (cms/auth/memberLinks.ts), never a password, and sees their household, this season's membership and
 * its receipt, adds another adult (invited by mail), and chooses what the members' directory shows of them.
 * A member reads and changes only their own household; nothing here is an admin's.
 */

const system = { depth: 0, overrideAccess: true } as const
const idOf = (value: unknown) => (value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null)

/** The club's membership choices (the members' directory on or off, how to pay in person). */
export async function membershipSettings(payload: Payload) {
  const settings = await payload.findGlobal({ slug: 'membership-settings', ...system })
  return { directory: settings.directory === true, payInPerson: settings.payInPerson?.trim() ?? '' }
}

/**
 * Asks for a sign-in link: mailed when the address is an adult's of a household (at most three such mails an hour
 * per address), and the same answer for every address.
 */
export async function requestSignIn(payload: Payload, email: string) {
  const household = await householdOf(payload, email)
  if (!household || !(await takeMail(payload, 'membership', email))) return
  await inTransaction(payload, null, async (req) => {
    const link = await createMemberLink(payload, req, { kind: 'sign-in', email, household: household.id })
    await enqueueEmail(payload, req, { key: `member-sign-in:${link.id}`, kind: 'member-sign-in', recordId: link.id, to: email })
  })
  kickOutbox()
}

/**
 * Spends a sign-in or invitation link and opens the session it was mailed for: false when the link is unknown,
 * used or expired (or its household is gone).
 */
export async function signInWith(payload: Payload, token: string, res: Response): Promise<boolean> {
  const link = (await findMemberLink(payload, 'sign-in', token)) ?? (await findMemberLink(payload, 'invite', token))
  if (!link || link === 'expired' || !link.household) return false
  return inTransaction(payload, null, async (req) => {
    // Spent in the transaction that opens the session: two clicks at once open one.
    const still = await payload.findByID({ collection: 'member-links', id: link.id, req, ...system, disableErrors: true })
    if (!still || still.usedAt) return false
    const household = await payload.findByID({ collection: 'households', id: link.household!, req, ...system, disableErrors: true })
    if (!household) return false
    await spendMemberLink(payload, req, link.id)
    await openMemberSession(payload, req, res, { email: link.email, household: household.id })
    return true
  })
}

/** The household's membership of `seasonId`, or its latest one. */
async function currentMembership(payload: Payload, householdId: string, seasonId: string | null): Promise<Membership | null> {
  const { docs } = await payload.find({
    collection: 'memberships',
    where: { household: { equals: householdId } },
    sort: '-createdAt',
    pagination: false,
    depth: 1,
    overrideAccess: true,
  })
  return docs.find((m) => idOf(m.season) === seasonId) ?? docs[0] ?? null
}

/** The signed-in member's page: their household, the membership of the season open now (or their latest), its receipt. */
export async function memberView(payload: Payload, member: Member): Promise<MemberView | null> {
  const household = await payload.findByID({
    collection: 'households',
    id: member.householdId,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  })
  if (!household) return null
  const season = await openSeason(payload)
  const membership = await currentMembership(payload, household.id, season?.id ?? null)
  const { directory } = await membershipSettings(payload)
  const dues = membership?.dues && typeof membership.dues === 'object' ? membership.dues : null
  const level = membership && typeof membership.level === 'object' ? membership.level : null
  const isMember = membership && MEMBER_STATUSES.includes(membership.status as MembershipStatus)
  return {
    email: member.email,
    household: ownHousehold(household),
    membership:
      membership && level
        ? {
            id: membership.id,
            season: typeof membership.season === 'object' && membership.season ? membership.season.label : '',
            level: level.name,
            status: membership.status as MembershipStatus,
            athletes: membership.athletes ?? 1,
            amount: membership.amount ?? '0.00',
            paidOn: membership.paidOn ?? null,
            method: (membership.paymentMethod as MembershipMethod | null) ?? null,
            receipt: dues && ['completed', 'partially_refunded'].includes(dues.status) ? (dues.receiptNumber ?? null) : null,
            benefits: benefitsInWords(level.taxTreatment as TaxTreatment, level.benefitsValue, membership.amount ?? '0.00'),
          }
        : null,
    canJoin: season && !(isMember && idOf(membership?.season) === season.id) ? season.label : null,
    directory: directory ? await directoryOf(payload) : null,
  }
}

/** The household as its own adults see it. */
const ownHousehold = (h: Household): MemberView['household'] => ({
  name: h.name,
  adults: h.adults.map(({ name, email, phone, receivesMail }) => ({
    name,
    email,
    phone: phone ?? null,
    receivesMail: receivesMail ?? true,
  })),
  address: h.address ?? null,
  directory: {
    listed: h.directory?.listed === true,
    showAdults: h.directory?.showAdults === true,
    showEmails: h.directory?.showEmails === true,
    showPhones: h.directory?.showPhones === true,
  },
})

/** Adds another adult to the member's household and mails them an invitation with their own sign-in link. */
export async function addAdult(payload: Payload, member: Member, adult: { name: string; email: string }) {
  const email = adult.email.toLowerCase()
  await inTransaction(payload, null, async (req: PayloadRequest) => {
    const household = await payload.findByID({ collection: 'households', id: member.householdId, req, ...system })
    if (household.adults.length >= MAX_ADULTS) throw new HttpError(409, `A household has at most ${MAX_ADULTS} adults`)
    if (household.adults.some((a) => a.email === email)) throw new HttpError(409, `${email} is already an adult of ${household.name}`)
    await payload.update({
      collection: 'households',
      id: household.id,
      data: { adults: [...household.adults, { name: adult.name, email, receivesMail: true }] },
      req,
      ...system,
    })
    const by = household.adults.find((a) => a.email === member.email)?.name
    const link = await createMemberLink(payload, req, { kind: 'invite', email, household: household.id, data: { invitedBy: by ?? null } })
    await enqueueEmail(payload, req, { key: `member-invite:${link.id}`, kind: 'member-invite', recordId: link.id, to: email })
  })
  kickOutbox()
}

/** What the household shows in the members' directory (everything off unless ticked). */
export async function chooseDirectory(payload: Payload, member: Member, directory: MemberView['household']['directory']) {
  await payload.update({ collection: 'households', id: member.householdId, data: { directory }, ...system })
}

/** The members' directory, to signed-in members while the club has one: listed households of this season, only what each chose. */
export async function directoryOf(payload: Payload): Promise<DirectoryEntry[]> {
  const season = await openSeason(payload)
  if (!season) return []
  const { docs: members } = await payload.find({
    collection: 'memberships',
    where: { and: [{ season: { equals: season.id } }, { status: { in: [...MEMBER_STATUSES] } }] },
    pagination: false,
    select: { household: true },
    ...system,
  })
  const ids = members.map((m) => idOf(m.household)).filter((id): id is string => Boolean(id))
  if (ids.length === 0) return []
  const { docs } = await payload.find({
    collection: 'households',
    where: { and: [{ id: { in: ids } }, { 'directory.listed': { equals: true } }] },
    sort: 'name',
    pagination: false,
    select: { name: true, adults: true, directory: true },
    ...system,
  })
  return docs.map((h) => ({
    name: h.name,
    adults:
      h.directory?.showAdults || h.directory?.showEmails || h.directory?.showPhones
        ? h.adults.map((a) => ({
            ...(h.directory?.showAdults ? { name: a.name } : {}),
            ...(h.directory?.showEmails ? { email: a.email } : {}),
            ...(h.directory?.showPhones && a.phone ? { phone: a.phone } : {}),
          }))
        : [],
  }))
}

/** The member's receipt for this season's dues, as a PDF, or null without one. */
export async function memberReceipt(payload: Payload, member: Member): Promise<{ pdf: Buffer; filename: string } | null> {
  const view = await memberView(payload, member)
  if (!view?.membership?.receipt) return null
  const membership = await payload.findByID({ collection: 'memberships', id: view.membership.id, ...system })
  return duesReceiptPdf(payload, idOf(membership.dues)!)
}

/** /api/member…: the member's page as JSON, and what it changes (the page's forms post to /member… the same: pages.ts). */
export function memberRouter(payload: Payload): Router {
  const router = Router()
  const signedIn = requireMember(payload)
  const viewOf = async (req: Request) => {
    const view = await memberView(payload, req.member!)
    if (!view) throw new HttpError(401, 'Not signed in: ask for a sign-in link at /member')
    return view
  }

  router.post('/member/sign-in', sameOriginWrites(payload), recoveryRateLimit, async (req, res) => {
    await requestSignIn(payload, parseBody(req, memberSignInSchema).email)
    res.status(202).json({ status: 'check-email' })
  })
  router.get('/member', signedIn, async (req, res) => {
    res.json(await viewOf(req))
  })
  router.post('/member/adults', sameOriginWrites(payload), signedIn, async (req, res) => {
    await addAdult(payload, req.member!, parseBody(req, memberAdultSchema))
    res.status(201).json(await viewOf(req))
  })
  router.put('/member/directory', sameOriginWrites(payload), signedIn, async (req, res) => {
    await chooseDirectory(payload, req.member!, parseBody(req, memberDirectorySchema))
    res.json(await viewOf(req))
  })
  router.get('/member/receipt.pdf', signedIn, async (req, res) => {
    const receipt = await memberReceipt(payload, req.member!)
    if (!receipt) throw new HttpError(404, 'No receipt yet: your dues are not recorded as paid')
    res.type('application/pdf').set('Content-Disposition', `attachment; filename="${receipt.filename}"`).send(receipt.pdf)
  })
  router.post('/member/sign-out', sameOriginWrites(payload), signedIn, async (req, res) => {
    await endMemberSession(payload, req.member!, res)
    res.json({ ok: true })
  })
  return router
}
