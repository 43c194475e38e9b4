import type { CollectionConfig } from 'payload'
import { THROTTLE_COLLECTION } from '../auth/throttle'

/**
 * What the login throttle remembers (cms/auth/throttle.ts) and the one-time
 * sign-in links it mails (cms/auth/signInLink.ts): failure counts per account
 * and address, addresses the account signed in from, hashes of unused links.
 * Only the server reads and writes it (through the database adapter); no API
 * may, and Payload's admin does not show it.
 */
export const LoginThrottle: CollectionConfig = {
  slug: THROTTLE_COLLECTION,
  admin: { hidden: true, useAsTitle: 'account' },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false, readVersions: () => false },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true },
    { name: 'kind', type: 'text', required: true },
    /** The lower-cased username as typed (an unknown name is throttled like a real one). */
    { name: 'account', type: 'text', required: true, index: true },
    { name: 'state', type: 'json' },
    { name: 'expiresAt', type: 'date', required: true, index: true },
  ],
}
