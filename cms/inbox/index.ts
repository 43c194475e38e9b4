import type { Domain } from '../domain'
import { inboxAdminApi } from './adminApi'
import { inboxApi } from './api'
import { inboxForms } from './forms'
import { inboxEmails } from './mail'
import { inboxModel } from './model'

/**
 * The inbox (docs/payments.md): what visitors send from the public forms (contact messages, sponsor applications),
 * stored once per submit and told to the club, and the volunteers' moves of each. What the server's root takes from
 * this domain (cms/domains.ts).
 */
export const inbox: Domain = {
  ...inboxModel,
  api: inboxApi,
  adminApi: inboxAdminApi,
  site: { forms: inboxForms },
  emails: inboxEmails,
}
