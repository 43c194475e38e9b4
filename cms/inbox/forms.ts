import { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { parseBody } from '../http/validate'
import type { VisitorForm } from '../site/forms'
import { storeContactMessage, storeSponsorApplication } from './arrivals'

/**
 * The contact and sponsor forms as plain HTML forms (docs/decisions/005-public-pages-without-javascript.md):
 * `<form method="post">` to their own page, so they work before and without the page's JavaScript. The same guards
 * as POST /api/contact and /api/sponsors (./api.ts), the same schema (parseBody), the same store. Success answers
 * 303 to the page with ?sent=<form> (a reload or Back never posts again); a refusal renders the page again with each
 * error beside its field and what was typed kept, in the page's body only: nothing typed ever goes into a URL.
 * With JavaScript the forms post JSON to /api instead.
 */
export const inboxForms: VisitorForm[] = [
  {
    id: 'contact',
    path: '/',
    anchor: 'contact',
    fields: Object.keys(contactSchema.shape),
    save: (payload, req, key) => storeContactMessage(payload, parseBody(req, contactSchema), key),
    refused: (values) =>
      Object.values(values).some((value) => value.trim() === '')
        ? { title: 'Missing Information', description: 'Please fill out all fields.' }
        : { title: 'Error', description: 'There was an issue sending your message. Please correct the marked fields and try again.' },
  },
  {
    id: 'sponsor',
    path: '/sponsor',
    anchor: 'sponsor-form-title',
    fields: Object.keys(sponsorApplicationSchema.shape),
    save: (payload, req, key) => storeSponsorApplication(payload, parseBody(req, sponsorApplicationSchema), key),
    refused: (values) =>
      values.sponsorshipLevel
        ? { title: 'Error', description: 'Failed to submit application. Please correct the marked fields and try again.' }
        : {
            title: 'Please select a sponsorship level',
            description: 'Click on one of the sponsorship tier cards above to select your preferred level.',
          },
  },
]
