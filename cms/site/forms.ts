import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import { issuesToFieldErrors, requiredWhenEmpty, type FieldErrors } from '#shared/fieldErrors'
import { SENT_PARAM, type PostedForm, type PublicFormId } from '#shared/publicPages'
import { HttpError } from '../http/errors'
import { sameOriginWrites } from '../security/csrf'
import { securityConfig } from '../security/config'
import { formsRateLimit, rejectHoneypot, submissionKeyOf } from '../security/forms'

/** Answers with the public page at `path` rendered again around a refused form (cms/site/pages.ts), with this status. */
export type RenderPosted = (req: Request, res: Response, path: string, posted: PostedForm, status: number) => Promise<void>

type Notice = PostedForm['notice']

/** The form's own fields as typed (strings only; a repeated field keeps its first value). */
export function typedValues(body: unknown, fields: readonly string[]): Record<string, string> {
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

/**
 * A public form posted without JavaScript (the site's own below; a domain's, as /join's: cms/membership/pages.ts):
 * its fields, what storing it does, where a success goes (303; `?sent=<form>` on its page by default), and the
 * notice a refusal shows. `fieldOf` names the form field a server issue's path is about (a nested JSON body's).
 */
export type PlainForm = {
  id: PublicFormId
  path: string
  fields: readonly string[]
  /** Handlers before the store: the rate limit and honeypot of a visitor's form, or a member's session. */
  guards: RequestHandler[]
  /** Stores the form (its typed values are `req.body`); answers where to go next, or nothing for `?sent=<form>#<anchor>`. */
  save: (req: Request, key?: string) => Promise<string | void>
  anchor?: string
  refused: (values: Record<string, string>) => Notice
  fieldOf?: (issuePath: string) => string
}

/** One plain form's route: the body read first, so that any refusal (a 429 too) gives back what was typed. */
export function plainForm(
  payload: Payload,
  form: PlainForm,
  renderPosted: RenderPosted,
  log: (msg: string, err: unknown) => void,
): [string, ...Array<RequestHandler | ErrorRequestHandler>] {
  const { id, path, anchor, fields, guards, save, refused, fieldOf = (p: string) => p } = form
  const typed = (req: Request) => typedValues(req.body, fields)

  const onError: ErrorRequestHandler = (err, req, res, next) => {
    if (res.headersSent) return next(err)
    const values = typed(req)
    const status = err instanceof HttpError ? err.status : statusOf(err)
    if (status >= 500) log('Form post failed', err)
    let errors: FieldErrors
    let notice: Notice
    if (err instanceof HttpError && err.status === 400 && err.issues) {
      errors = requiredWhenEmpty(issuesToFieldErrors(err.issues.map((i) => ({ ...i, path: fieldOf(i.path) }))), values)
      if (errors.sponsorshipLevel) errors.sponsorshipLevel = 'Please select a sponsorship level'
      notice = refused(values)
    } else {
      // Refused as a whole (honeypot, rate limit, another site's form, a body too large): the notice says why.
      errors = {}
      notice = { title: 'Error', description: wholeFormMessage(err, status) }
    }
    renderPosted(req, res, path, { form: id, values, errors, notice }, status).catch(next)
  }
  const store: RequestHandler = async (req, res) => {
    // Validated exactly as the JSON body of the form's /api route is; the form fill's key rides beside it.
    const key = submissionKeyOf(req.body)
    req.body = typed(req)
    const next = await save(req, key)
    res.set('Cache-Control', 'no-store').redirect(303, next || `${path}?${SENT_PARAM}=${id}#${anchor}`)
  }
  return [path, urlencoded, formBody, sameOriginWrites(payload), ...guards, store, onError]
}

/**
 * A visitor's form a domain hands the site (its `site.forms`: the contact and sponsor forms, cms/inbox/forms.ts):
 * posted without JavaScript to its own page (docs/decisions/005-public-pages-without-javascript.md), behind the
 * same guards as its JSON route (same origin, rate limit, honeypot), and rendered again around a refusal by the
 * site's pages. What storing it does is the domain's.
 */
export type VisitorForm = Omit<PlainForm, 'guards' | 'save'> & {
  save: (payload: Payload, req: Request, key?: string) => Promise<unknown>
}

/** The visitors' forms as plain HTML form posts to their pages (cms/site/pages.ts mounts them). */
export function publicFormPosts(
  payload: Payload,
  forms: readonly VisitorForm[],
  renderPosted: RenderPosted,
  log: (msg: string, err: unknown) => void,
): Router {
  const router = express.Router()
  for (const form of forms)
    router.post(
      ...plainForm(
        payload,
        { ...form, guards: [formsRateLimit, rejectHoneypot], save: (req, key) => form.save(payload, req, key).then(() => undefined) },
        renderPosted,
        log,
      ),
    )
  return router
}

function wholeFormMessage(err: unknown, status: number): string {
  // Ours, or a collection's rule refusing (cms/hooks/refuse.ts: a full shift): their words are for the visitor.
  if (err instanceof HttpError || (status < 500 && (err as { isPublic?: unknown }).isPublic === true)) return (err as Error).message
  if (status === 413) return 'The form is too large to send.'
  return status >= 500 ? 'Something went wrong on our side. Please try again.' : 'The form could not be read. Please try again.'
}

/** body-parser's own errors (413 too large, 415 charset, 400 malformed) carry their status. */
function statusOf(err: unknown): number {
  const status = (err as { status?: unknown } | null)?.status
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500
}
