import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import { issuesToFieldErrors, requiredWhenEmpty, type FieldErrors } from '#shared/fieldErrors'
import { SENT_PARAM, type PostedForm, type PublicFormId } from '#shared/publicPages'
import { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { storeContactMessage, storeSponsorApplication } from '../inbox/arrivals'
import { submissionKeyOf } from '../inbox/duplicates'
import { HttpError } from '../http/errors'
import { sameOriginWrites } from '../security/csrf'
import { parseBody } from '../http/validate'
import { securityConfig } from '../security/config'
import { formsRateLimit, rejectHoneypot } from '../security/forms'

/** Answers with the public page at `path` rendered again around a refused form (cms/site/pages.ts), with this status. */
export type RenderPosted = (req: Request, res: Response, path: string, posted: PostedForm, status: number) => Promise<void>

type Notice = PostedForm['notice']

/**
 * The public forms as plain HTML forms (docs/decisions/005-public-pages-without-javascript.md): `<form method="post">` to their own page, so they
 * work before and without the page's JavaScript. The same guards as POST /api/contact and
 * /api/sponsors (same origin, rate limit, honeypot), the same schema (parseBody), the same store.
 * Success answers 303 to the page with ?sent=<form> (a reload or Back never posts again); a refusal
 * renders the page again with each error beside its field and what was typed kept, in the page's
 * body only: nothing typed ever goes into a URL. With JavaScript the forms post JSON to /api instead.
 */
const FORMS = [
  {
    id: 'contact',
    path: '/',
    anchor: 'contact',
    fields: Object.keys(contactSchema.shape),
    save: (payload: Payload, req: Request, key?: string) => storeContactMessage(payload, parseBody(req, contactSchema), key),
    refused: (values: Record<string, string>): Notice =>
      Object.values(values).some((value) => value.trim() === '')
        ? { title: 'Missing Information', description: 'Please fill out all fields.' }
        : { title: 'Error', description: 'There was an issue sending your message. Please correct the marked fields and try again.' },
  },
  {
    id: 'sponsor',
    path: '/sponsor',
    anchor: 'sponsor-form-title',
    fields: Object.keys(sponsorApplicationSchema.shape),
    save: (payload: Payload, req: Request, key?: string) => storeSponsorApplication(payload, parseBody(req, sponsorApplicationSchema), key),
    refused: (values: Record<string, string>): Notice =>
      values.sponsorshipLevel
        ? { title: 'Error', description: 'Failed to submit application. Please correct the marked fields and try again.' }
        : {
            title: 'Please select a sponsorship level',
            description: 'Click on one of the sponsorship tier cards above to select your preferred level.',
          },
  },
] as const

/** The form's own fields as typed (strings only; a repeated field keeps its first value). */
function typedValues(body: unknown, fields: readonly string[]): Record<string, string> {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const values: Record<string, string> = {}
  for (const field of fields) {
    const value = Array.isArray(source[field]) ? (source[field] as unknown[])[0] : source[field]
    values[field] = typeof value === 'string' ? value : ''
  }
  return values
}

const formBody: RequestHandler = (req, _res, next) =>
  next(req.body === undefined ? new HttpError(415, 'Send the form as application/x-www-form-urlencoded') : undefined)

const urlencoded = express.urlencoded({ extended: false, limit: securityConfig.maxBodyBytes, parameterLimit: 100 })

export function publicFormPosts(payload: Payload, renderPosted: RenderPosted, log: (msg: string, err: unknown) => void): Router {
  const router = express.Router()
  for (const { id, path, anchor, fields, save, refused } of FORMS) {
    const typed = (req: Request) => typedValues(req.body, fields)

    const onError: ErrorRequestHandler = (err, req, res, next) => {
      if (res.headersSent) return next(err)
      const values = typed(req)
      const status = err instanceof HttpError ? err.status : statusOf(err)
      if (status >= 500) log('Form post failed', err)
      let errors: FieldErrors
      let notice: Notice
      if (err instanceof HttpError && err.status === 400 && err.issues) {
        errors = requiredWhenEmpty(issuesToFieldErrors(err.issues), values)
        if (errors.sponsorshipLevel) errors.sponsorshipLevel = 'Please select a sponsorship level'
        notice = refused(values)
      } else {
        // Refused as a whole (honeypot, rate limit, another site's form, a body too large): the notice says why.
        errors = {}
        notice = { title: 'Error', description: wholeFormMessage(err, status) }
      }
      renderPosted(req, res, path, { form: id as PublicFormId, values, errors, notice }, status).catch(next)
    }
    const store: RequestHandler = async (req, res) => {
      // Validated exactly as the JSON body of /api/contact or /api/sponsors is; the form fill's key rides beside it.
      const key = submissionKeyOf(req.body)
      req.body = typed(req)
      await save(payload, req, key)
      res.set('Cache-Control', 'no-store').redirect(303, `${path}?${SENT_PARAM}=${id}#${anchor}`)
    }
    // The body is read first, so that any refusal (a 429 too) gives back what was typed.
    router.post(path, urlencoded, formBody, sameOriginWrites(payload), formsRateLimit, rejectHoneypot, store, onError)
  }
  return router
}

function wholeFormMessage(err: unknown, status: number): string {
  if (err instanceof HttpError) return err.message
  if (status === 413) return 'The form is too large to send.'
  return status >= 500 ? 'Something went wrong on our side. Please try again.' : 'The form could not be read. Please try again.'
}

/** body-parser's own errors (413 too large, 415 charset, 400 malformed) carry their status. */
function statusOf(err: unknown): number {
  const status = (err as { status?: unknown } | null)?.status
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500
}
