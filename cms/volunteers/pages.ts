import express, { type Request, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import type { PostedForm } from '#shared/publicPages'
import { volunteerSignupSchema } from '#shared/schemas'
import { VOLUNTEER_DATA, type ManageView, type VolunteerPageData } from '#shared/volunteers'
import { memberOf } from '../auth/memberLinks'
import { HttpError } from '../http/errors'
import { parseBody } from '../http/validate'
import { kickOutbox } from '../outbox/outbox'
import { sameOriginWrites } from '../security/csrf'
import { loadPublicPage } from '../site/data'
import { plainForm, type RenderPosted } from '../site/forms'
import type { PersonalRender } from '../site/pages'
import { linkTries, memberVolunteering, signupLimits } from './api'
import { signupByToken } from './links'
import { openEvents } from './listing'
import { acceptOffer, cancelSignup, ownSignup, signUp, signupOfHousehold } from './signups'

/** The answers the pages come back with after a plain post (303 with one of these in the query: nothing typed). */
const PLACED = ['confirmed', 'waitlisted'] as const
const DONE = ['cancelled', 'accepted'] as const
const oneOf = <T extends string>(value: unknown, values: readonly T[]): T | null => (values.includes(value as T) ? (value as T) : null)

const form = express.urlencoded({ extended: false, limit: '1kb' })

/**
 * The volunteers' public pages (docs/VOLUNTEERS.md): /volunteer, the club's page text above the open shifts and the
 * form that signs up for one, and a volunteer's own page at their personal link, with its cancel and its "take the
 * place". Each is rendered for its request (the places change with every sign-up; a link is one person's), and
 * every form posts and answers 303, so each works before and without the page's code. The member's section on
 * /member posts here too.
 */
export function volunteerPages(payload: Payload, render: PersonalRender): Router {
  const router = express.Router()
  const log = (msg: string, err: unknown) => payload.logger.error({ msg, err })

  const renderVolunteer = async (req: Request, res: Response, extra: { status?: number; posted?: PostedForm } = {}) => {
    const [events, text] = await Promise.all([openEvents(payload), loadPublicPage(payload, 'volunteer-information')])
    const page: VolunteerPageData = {
      text: text && { title: text.title, html: text.html },
      placed: extra.posted ? null : oneOf(req.query.placed, PLACED),
    }
    await render(req, res, { path: '/volunteer', data: { [VOLUNTEER_DATA.events]: events, [VOLUNTEER_DATA.page]: page }, ...extra })
  }
  const postedTo: RenderPosted = (req, res, _path, posted, status) => renderVolunteer(req, res, { posted, status })

  router.get('/volunteer', (req, res) => renderVolunteer(req, res))
  // /volunteer's form: the same as POST /api/volunteer/signups, guards and answers alike (a full shift: 409).
  router.post(
    ...plainForm(
      payload,
      {
        id: 'volunteer',
        path: '/volunteer',
        anchor: 'volunteer-form',
        fields: ['shiftId', 'name', 'email', 'phone', 'adult'],
        guards: signupLimits,
        save: async (req) => {
          const member = await memberOf(payload, req)
          const answer = await signUp(payload, parseBody(req, volunteerSignupSchema), member?.householdId ?? null)
          kickOutbox()
          return `/volunteer?placed=${answer.status === 'waitlisted' ? 'waitlisted' : 'confirmed'}#volunteer-form`
        },
        refused: () => ({ title: 'Please check the form', description: 'Some fields need your attention before we can sign you up.' }),
      },
      postedTo,
      log,
    ),
  )

  const renderManage = async (req: Request, res: Response, token: string, status = 200) => {
    const signup = await signupByToken(payload, token)
    const view: ManageView = signup
      ? { state: 'found', signup: await ownSignup(payload, signup), token, done: oneOf(req.query.done, DONE) }
      : { state: 'unknown' }
    await render(req, res, { path: req.path, data: { [VOLUNTEER_DATA.manage]: view }, status: signup ? status : 404 })
  }
  /** A volunteer's action by their link: 303 back to the page saying so, or the page again with why not. */
  const byLink = (action: (signupId: string) => Promise<unknown>, done: (typeof DONE)[number]) =>
    [
      form,
      sameOriginWrites(payload),
      linkTries,
      async (req: Request, res: Response) => {
        const token = String(req.params.token)
        const signup = await signupByToken(payload, token)
        if (!signup) return renderManage(req, res, token)
        try {
          await action(String(signup.id))
        } catch (err) {
          if (err instanceof HttpError && err.status === 409) return renderManage(req, res, token, 409)
          throw err
        }
        kickOutbox()
        res.set('Cache-Control', 'no-store').redirect(303, `/volunteer/manage/${token}?done=${done}`)
      },
    ] as const
  router.get('/volunteer/manage/:token', linkTries, (req, res) => renderManage(req, res, String(req.params.token)))
  router.post('/volunteer/manage/:token/cancel', ...byLink((id) => cancelSignup(payload, id), 'cancelled'))
  router.post('/volunteer/manage/:token/accept', ...byLink((id) => acceptOffer(payload, id), 'accepted'))

  // The member's section on /member: cancel, or take an offered place, for their household (303 back to /member).
  const byMember = (action: (signupId: string) => Promise<unknown>, done: (typeof DONE)[number]) =>
    [
      form,
      sameOriginWrites(payload),
      async (req: Request, res: Response) => {
        const member = await memberOf(payload, req)
        const own = member && (await signupOfHousehold(payload, member.householdId, String(req.params.id)))
        if (!own) throw new HttpError(404, 'No such sign-up in your household')
        await action(String(own.id))
        kickOutbox()
        res.set('Cache-Control', 'no-store').redirect(303, `/member?volunteer=${done}#volunteering`)
      },
    ] as const
  router.post('/member/volunteer/:id/cancel', ...byMember((id) => cancelSignup(payload, id), 'cancelled'))
  router.post('/member/volunteer/:id/accept', ...byMember((id) => acceptOffer(payload, id), 'accepted'))
  return router
}

/** The member's section of /member: their household's sign-ups and hours, or nothing when no one is signed in. */
export async function memberSection(payload: Payload, req: Request): Promise<Record<string, unknown>> {
  const member = await memberOf(payload, req)
  if (!member) return {}
  const view = await memberVolunteering(payload, member.householdId)
  return { [VOLUNTEER_DATA.member]: { ...view, done: oneOf(req.query.volunteer, DONE) } }
}
