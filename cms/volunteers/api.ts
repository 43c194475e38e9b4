import { Router, type Request } from 'express'
import type { Payload } from 'payload'
import { volunteerSignupSchema } from '#shared/schemas'
import type { MemberVolunteering } from '#shared/volunteers'
import type { VolunteerSignup } from '../payload-types'
import { env } from '../env'
import { readSettings } from '../email/messages'
import { orgName } from '../email/wording'
import { memberOf, requireMember } from '../auth/memberLinks'
import { HttpError } from '../http/errors'
import { parseBody } from '../http/validate'
import { kickOutbox } from '../outbox/outbox'
import { sameOriginWrites } from '../security/csrf'
import { formsRateLimit, perIpLimit, rejectHoneypot } from '../security/forms'
import { shiftCalendar } from './calendar'
import { householdHours } from './hours'
import { signupByToken } from './links'
import { openEvents } from './listing'
import { EVENTS, idOf, SHIFTS, SIGNUPS } from './places'
import { acceptOffer, cancelSignup, ownSignup, signUp, signupOfHousehold } from './signups'

/**
 * The limits of a sign-up, by JSON or /volunteer's form (after the same-origin check): per network, and the
 * honeypot; per address, the sign-up's own transaction counts (./signups.ts).
 */
export const signupLimits = [formsRateLimit, rejectHoneypot]

/** Personal links tried: only the unknown ones count (RATE_LIMIT_RECOVERY per network per 15 minutes). */
export const linkTries = perIpLimit('volunteer-link', env.RATE_LIMIT_RECOVERY, 'links tried', { failuresOnly: true })

/** The sign-up a personal link opens, else 404 (the same for a token never made and one whose sign-up is gone). */
export async function signupOfLink(payload: Payload, token: string): Promise<VolunteerSignup> {
  const signup = await signupByToken(payload, token)
  if (!signup) throw new HttpError(404, 'No sign-up has this link')
  return signup
}

/** The shift's calendar entry as a file, for its volunteer. */
export async function calendarFile(payload: Payload, signup: VolunteerSignup) {
  const shift = await payload.findByID({ collection: SHIFTS, id: idOf(signup.shift)!, depth: 0, overrideAccess: true })
  const event = await payload.findByID({ collection: EVENTS, id: idOf(shift.event)!, depth: 0, overrideAccess: true })
  return shiftCalendar(signup, shift, event, orgName(await readSettings(payload)))
}

/**
 * The volunteers' /api routes (docs/API.md "Volunteers"): the open shifts, signing up, and a volunteer's own
 * sign-up through its personal link or as a signed-in member. Never a name, address or phone of anyone else.
 */
export function volunteerApi(payload: Payload): Router {
  const router = Router()

  router.get('/volunteer/events', async (_req, res) => {
    res.json(await openEvents(payload))
  })

  router.post('/volunteer/signups', sameOriginWrites(payload), ...signupLimits, async (req, res) => {
    const input = parseBody(req, volunteerSignupSchema)
    const member = await memberOf(payload, req)
    const answer = await signUp(payload, input, member?.householdId ?? null)
    kickOutbox()
    res.status(answer.created ? 201 : 200).json({ status: answer.status })
  })

  // A sign-up's own routes, by its personal link: only unknown links count against the network (linkTries).
  const token = (req: Request) => String(req.params.token)
  router.get('/volunteer/signups/:token', linkTries, async (req, res) => {
    res.json(await ownSignup(payload, await signupOfLink(payload, token(req))))
  })
  router.delete('/volunteer/signups/:token', sameOriginWrites(payload), linkTries, async (req, res) => {
    const status = await cancelSignup(payload, String((await signupOfLink(payload, token(req))).id))
    kickOutbox()
    res.json({ status })
  })
  router.post('/volunteer/signups/:token/accept', sameOriginWrites(payload), linkTries, async (req, res) => {
    const status = await acceptOffer(payload, String((await signupOfLink(payload, token(req))).id))
    kickOutbox()
    res.json({ status })
  })
  router.get('/volunteer/signups/:token/calendar.ics', linkTries, async (req, res) => {
    const ics = await calendarFile(payload, await signupOfLink(payload, token(req)))
    res.type('text/calendar; charset=utf-8').set('Content-Disposition', 'attachment; filename="volunteer-shift.ics"').send(ics)
  })

  // The signed-in member's household: its sign-ups and its hours this season.
  const signedIn = requireMember(payload)
  const householdSignup = async (req: Request) => {
    const signup = await signupOfHousehold(payload, req.member!.householdId, String(req.params.id))
    if (!signup) throw new HttpError(404, 'No such sign-up in your household')
    return signup
  }
  router.get('/member/volunteer', signedIn, async (req, res) => {
    res.json(await memberVolunteering(payload, req.member!.householdId))
  })
  router.delete('/member/volunteer/signups/:id', sameOriginWrites(payload), signedIn, async (req, res) => {
    const status = await cancelSignup(payload, String((await householdSignup(req)).id))
    kickOutbox()
    res.json({ status })
  })
  router.post('/member/volunteer/signups/:id/accept', sameOriginWrites(payload), signedIn, async (req, res) => {
    const status = await acceptOffer(payload, String((await householdSignup(req)).id))
    kickOutbox()
    res.json({ status })
  })
  return router
}

/** A household's sign-ups (the shifts ahead first) and its hours this season, as /member shows them. */
export async function memberVolunteering(payload: Payload, householdId: string): Promise<MemberVolunteering> {
  const { docs } = await payload.find({
    collection: SIGNUPS,
    where: { household: { equals: householdId } },
    sort: '-createdAt',
    limit: 50,
    depth: 0,
    overrideAccess: true,
  })
  const signups = await Promise.all((docs as VolunteerSignup[]).map(async (s) => ({ id: String(s.id), ...(await ownSignup(payload, s)) })))
  signups.sort((a, b) => b.shift.startsAt.localeCompare(a.shift.startsAt))
  return { signups, hours: await householdHours(payload, householdId), asOf: new Date().toISOString() }
}
