import type { Payload } from 'payload'
import type { z } from 'zod'
import type { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
import { inTransaction } from '../db/transaction'
import { enqueueEmail, kickOutbox } from '../outbox/outbox'
import { storeOnce } from './duplicates'

/**
 * Stores a visitor's message and queues the club's notice with it (sent after, cms/outbox/outbox.ts).
 * The one way a message is stored: POST /api/contact (./api.ts) and the plain form post (./forms.ts).
 * A repeat of the same submit answers with the first record and queues nothing (cms/inbox/duplicates.ts).
 */
export async function storeContactMessage(payload: Payload, data: z.output<typeof contactSchema>, submissionKey?: string) {
  const doc = await storeOnce(payload, 'contact-messages', () =>
    inTransaction(payload, null, async (tx) => {
      const message = await payload.create({ collection: 'contact-messages', data: { ...data, submissionKey, status: 'unread' }, req: tx })
      await enqueueEmail(payload, tx, { key: `contact-notice:${message.id}`, kind: 'contact-notice', recordId: String(message.id) })
      return message
    }),
  )
  kickOutbox()
  return doc
}

/** Stores a sponsor application with the club's notice and the applicant's confirmation; as storeContactMessage. */
export async function storeSponsorApplication(payload: Payload, data: z.output<typeof sponsorApplicationSchema>, submissionKey?: string) {
  const doc = await storeOnce(payload, 'sponsor-applications', () =>
    inTransaction(payload, null, async (tx) => {
      const application = await payload.create({
        collection: 'sponsor-applications',
        data: { ...data, submissionKey, status: 'pending' },
        req: tx,
      })
      const item = { recordId: String(application.id) }
      await enqueueEmail(payload, tx, { ...item, key: `application-notice:${application.id}`, kind: 'application-notice' })
      await enqueueEmail(payload, tx, {
        ...item,
        key: `application-confirmation:${application.id}`,
        kind: 'application-confirmation',
        to: data.contactEmail,
      })
      return application
    }),
  )
  kickOutbox()
  return doc
}
