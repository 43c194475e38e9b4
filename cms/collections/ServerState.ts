import type { CollectionConfig } from 'payload'
import { SERVER_STATE_COLLECTION } from '../db/serverState'

/**
 * What the server processes sharing one database agree on (cms/db/serverState.ts):
 * the public content's version stamp, when each periodic task is next due, and
 * the hit counts of the per-address rate limits (cms/security/forms.ts).
 * Only the server reads and writes it (through the database adapter); no API may,
 * and Payload's admin does not show it.
 */
export const ServerState: CollectionConfig = {
  slug: SERVER_STATE_COLLECTION,
  admin: { hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false, readVersions: () => false },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true },
    { name: 'stamp', type: 'text' },
    /** A task's next run, or when a rate limit's window ends. */
    { name: 'dueAt', type: 'date', index: true },
    { name: 'hits', type: 'number' },
  ],
}
