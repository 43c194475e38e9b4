import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { GROUP } from './groups'

/**
 * Email waiting to be sent (cms/outbox/outbox.ts): written in the same step as
 * the record it is about, sent afterwards, retried on failure. `key` makes
 * each message unique (e.g. receipt:<donation id>).
 */
export const EmailOutbox: CollectionConfig = {
  slug: 'email-outbox',
  admin: { group: GROUP.system, hidden: true, useAsTitle: 'subject', defaultColumns: ['subject', 'to', 'status', 'kind', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'kind', type: 'text', required: true, maxLength: 40 },
    { name: 'recordId', type: 'text', required: true, maxLength: 100 },
    /**
     * pending → sending (claimed by one server process, cms/outbox/outbox.ts) → sent; held (waiting for
     * missing settings, or another message to go first) or failed (gave up after retries) until resent;
     * withdrawn: never sent because what it was about changed first (a receipt for a gift voided or refunded in
     * full before it left: cms/payments/moneyRules.ts, cms/email/messages.ts), `lastError` says why.
     */
    { name: 'status', type: 'text', required: true, defaultValue: 'pending', maxLength: 20, index: true },
    { name: 'to', type: 'text', maxLength: 254 },
    { name: 'subject', type: 'text', maxLength: 300 },
    { name: 'attempts', type: 'number', defaultValue: 0 },
    { name: 'nextAttemptAt', type: 'date', index: true },
    { name: 'lastError', type: 'text', maxLength: 1000 },
    { name: 'sentAt', type: 'date' },
    /** What a sent message told of its record (a receipt: the refunded total it gave), for the messages after it. */
    { name: 'told', type: 'text', maxLength: 100 },
    /** The process sending it, and until when its claim holds (a crashed process's claim lapses). */
    { name: 'claimedBy', type: 'text', maxLength: 100 },
    { name: 'claimedUntil', type: 'date' },
  ],
}
