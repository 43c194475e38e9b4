import express, { type Request, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import {
  benefitsInWords,
  type ContinueView,
  JOIN_FORM_FIELDS,
  joinFieldOf,
  joinRequestFrom,
  MAX_ATHLETES,
  MEMBER_DATA,
  type SignInView,
  type TaxTreatment,
} from '#shared/membership'
import type { PostedForm } from '#shared/publicPages'
import { memberAdultSchema, memberDirectorySchema, memberSignInSchema, membershipJoinSchema } from '#shared/schemas'
import { endMemberSession, findMemberLink, type Member, memberOf } from '../auth/memberLinks'
import { env } from '../env'
import { readSettings } from '../email/messages'
import { orgName } from '../email/wording'
import { HttpError } from '../http/errors'
import { parseBody } from '../http/validate'
import { kickOutbox } from '../outbox/outbox'
import { sameOriginWrites } from '../security/csrf'
import { formsRateLimit, recoveryRateLimit, rejectHoneypot } from '../security/forms'
import { plainForm, type RenderPosted } from '../site/forms'
import type { PersonalRender } from '../site/pages'
import { CHECKOUT_ORIGIN, cardDuesOn, checkoutUrl } from './checkout'
import { continueJoin, requestToJoin } from './join'
import { addAdult, chooseDirectory, memberView, membershipSettings, requestSignIn, signInWith } from './member'

/**
 * The membership's public pages (docs/MEMBERSHIP.md): /join's form posted without JavaScript, a join link's page
 * and its pay button, /member (a family's own page, or the form that mails a sign-in link) and its forms, and a
 * sign-in link's page. The personal ones are rendered for their request alone (never cached, never indexed); every
 * form posts and answers 303, so each works before and without the page's code.
 */
export function membershipPages(payload: Payload, render: PersonalRender): Router {
  const router = express.Router()
  const log = (msg: string, err: unknown) => payload.logger.error({ msg, err })

  /** /member as the request's member sees it (their household, or the sign-in form). */
  const renderMember = async (req: Request, res: Response, extra: { status?: number; posted?: PostedForm } = {}) => {
    const member = await memberOf(payload, req)
    const view = member ? await memberView(payload, member) : null
    await render(req, res, { path: '/member', data: { [MEMBER_DATA.member]: view }, ...extra })
  }
  const postedTo: RenderPosted = async (req, res, path, posted, status) =>
    path === '/member' ? renderMember(req, res, { posted, status }) : render(req, res, { path, posted, status })

  /** The request's member, or the member's page again saying the session ended. */
  const signedIn = async (req: Request): Promise<Member> => {
    const member = await memberOf(payload, req)
    if (!member) throw new HttpError(401, 'Your sign-in has ended: ask for a new link below.')
    return member
  }

  // /join's form without JavaScript: the same request as POST /api/membership/join, the same answer for everyone.
  router.post(
    ...plainForm(
      payload,
      {
        id: 'join',
        path: '/join',
        anchor: 'join-form',
        fields: JOIN_FORM_FIELDS,
        guards: [formsRateLimit, rejectHoneypot],
        save: async (req) => {
          // The form's flat fields as the JSON route takes them; req.body stays as typed, for a refusal to show it again.
          await requestToJoin(payload, parseBody({ body: joinRequestFrom(req.body) } as Request, membershipJoinSchema))
          kickOutbox()
        },
        fieldOf: joinFieldOf,
        refused: () => ({ title: 'Please check the form', description: 'Some fields need your attention before we can send your link.' }),
      },
      postedTo,
      log,
    ),
  )

  // /join?level=…&athletes=… (a renewal reminder's link): the form starts with that level and that many athletes.
  router.get('/join', async (req, res, next) => {
    const level = typeof req.query.level === 'string' && /^[\w-]{1,100}$/.test(req.query.level) ? req.query.level : undefined
    const count = Number(req.query.athletes)
    const athletes = Number.isInteger(count) && count >= 0 && count <= MAX_ATHLETES ? count : undefined
    if (!level && athletes === undefined) return next()
    await render(req, res, { path: '/join', data: { [MEMBER_DATA.prefill]: { level, athletes } } })
  })

  // A join link: the household, its membership and what it costs, and how to pay.
  router.get('/join/continue/:token', async (req, res) => {
    const { view, status } = await continueView(payload, String(req.params.token))
    // Its pay button's answer sends the browser on to Stripe's page: the page's forms may go there (CSP form-action).
    await render(req, res, {
      path: req.path,
      data: { [MEMBER_DATA.continue]: view },
      status,
      ...(cardDuesOn() ? { formAction: CHECKOUT_ORIGIN } : {}),
    })
  })
  // Its pay button: on to Stripe's Checkout page (the open session again, if there is one).
  router.post(
    '/join/continue/:token',
    express.urlencoded({ extended: false, limit: '1kb' }),
    sameOriginWrites(payload),
    async (req, res) => {
      const token = String(req.params.token)
      const continued = await continueJoin(payload, token)
      if (continued.state !== 'pay' || !cardDuesOn()) {
        const { view, status } = await continueView(payload, token)
        return render(req, res, {
          path: req.path,
          data: { [MEMBER_DATA.continue]: view },
          status: continued.state === 'pay' ? 409 : status,
        })
      }
      const { membership, household } = continued
      const settings = await readSettings(payload)
      const season = await payload.findByID({ collection: 'seasons', id: String(membership.season), depth: 0, overrideAccess: true })
      const level = await payload.findByID({
        collection: 'membership-levels',
        id: String(membership.level),
        depth: 0,
        overrideAccess: true,
      })
      const url = await checkoutUrl(payload, membership, {
        product: `${orgName(settings)} membership ${season.label}: ${level.name} (${household.name})`,
        email: household.adults[0].email,
        back: `${env.SERVER_URL}${req.path}`,
      })
      res.set('Cache-Control', 'no-store').redirect(303, url)
    },
  )

  // A sign-in (or invitation) link: a button that spends it, so a mail scanner's visit spends nothing.
  router.get('/member/sign-in/:token', async (req, res) => {
    const token = String(req.params.token)
    const link = (await findMemberLink(payload, 'sign-in', token)) ?? (await findMemberLink(payload, 'invite', token))
    const view: SignInView =
      link === null ? { state: 'unknown' } : link === 'expired' ? { state: 'expired' } : { state: 'ready', action: req.path }
    await render(req, res, {
      path: req.path,
      data: { [MEMBER_DATA.signIn]: view },
      status: link === null ? 404 : link === 'expired' ? 410 : 200,
    })
  })
  router.post(
    '/member/sign-in/:token',
    express.urlencoded({ extended: false, limit: '1kb' }),
    sameOriginWrites(payload),
    recoveryRateLimit,
    async (req, res) => {
      if (await signInWith(payload, String(req.params.token), res)) return res.set('Cache-Control', 'no-store').redirect(303, '/member')
      await render(req, res, { path: req.path, data: { [MEMBER_DATA.signIn]: { state: 'expired' } satisfies SignInView }, status: 410 })
    },
  )

  router.get('/member', (req, res) => renderMember(req, res))

  // /member's forms without JavaScript: the same as their /api/member… routes (./member.ts).
  const memberForms = [
    {
      id: 'memberSignIn' as const,
      fields: ['email'],
      guards: [recoveryRateLimit],
      save: async (req: Request) => {
        await requestSignIn(payload, parseBody(req, memberSignInSchema).email)
        return '/member?sent=sign-in'
      },
      refused: () => ({ title: 'Please check your email address', description: 'Enter the address your family joined with.' }),
    },
    {
      id: 'memberAdult' as const,
      fields: ['name', 'email'],
      guards: [],
      save: async (req: Request) => {
        await addAdult(payload, await signedIn(req), parseBody(req, memberAdultSchema))
        return '/member?saved=adult'
      },
      refused: () => ({ title: 'Please check the form', description: 'Give the adult’s name and email address.' }),
    },
    {
      id: 'memberDirectory' as const,
      fields: ['listed', 'showAdults', 'showEmails', 'showPhones'],
      guards: [],
      save: async (req: Request) => {
        await chooseDirectory(payload, await signedIn(req), parseBody(req, memberDirectorySchema))
        return '/member?saved=directory'
      },
      refused: () => ({ title: 'Error', description: 'Your choices could not be saved. Please try again.' }),
    },
    {
      id: 'memberSignOut' as const,
      fields: [],
      guards: [],
      save: async (req: Request) => {
        const member = await memberOf(payload, req)
        if (member) await endMemberSession(payload, member, req.res!)
        return '/member?sent=signed-out'
      },
      refused: () => ({ title: 'Error', description: 'Please try again.' }),
    },
  ]
  const paths = {
    memberSignIn: '/member',
    memberAdult: '/member/adults',
    memberDirectory: '/member/directory',
    memberSignOut: '/member/sign-out',
  }
  for (const form of memberForms) {
    const [path, ...handlers] = plainForm(payload, { ...form, path: paths[form.id] }, postedTo, log)
    router.post(path, ...handlers)
  }
  return router
}

/** A join link's page, and its status: 404 for a link we never mailed, 410 for one expired (or closed). */
export async function continueView(payload: Payload, token: string): Promise<{ view: ContinueView; status: number }> {
  const continued = await continueJoin(payload, token)
  if (continued.state === 'unknown') return { view: { state: 'unknown' }, status: 404 }
  if (continued.state === 'expired') return { view: { state: 'expired' }, status: 410 }
  if (continued.state === 'closed') return { view: { state: 'closed' }, status: 410 }
  const { membership, household } = continued
  const [season, level, settings] = await Promise.all([
    payload.findByID({ collection: 'seasons', id: String(membership.season), depth: 0, overrideAccess: true }),
    payload.findByID({ collection: 'membership-levels', id: String(membership.level), depth: 0, overrideAccess: true }),
    membershipSettings(payload),
  ])
  if (continued.state === 'member') return { view: { state: 'member', household: household.name, season: season.label }, status: 200 }
  const org = await readSettings(payload)
  const amount = membership.amount ?? '0.00'
  return {
    view: {
      state: 'pay',
      household: household.name,
      season: season.label,
      level: level.name,
      athletes: membership.athletes ?? 1,
      amount,
      benefits: benefitsInWords(level.taxTreatment as TaxTreatment, level.benefitsValue, amount),
      refundDays: season.refundDays ?? 7,
      card: cardDuesOn(),
      payInPerson:
        settings.payInPerson ||
        `Bring cash, or a check payable to ${orgName(org)}, to the next monthly meeting, or mail the check to ${org['organization/address']?.replace(/\n/g, ', ') || 'the club'}. Your membership starts once the treasurer records it.`,
      action: `/join/continue/${token}`,
    },
    status: 200,
  }
}
