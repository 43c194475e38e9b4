import type { CollectionConfig } from 'payload'
import { MEMBER_LINKS } from '../auth/memberLinks'

/**
 * The members' passwordless links and sessions (cms/auth/memberLinks.ts): a sign-in or invitation link
 * mailed to an adult of a household, a join request waiting for its mailed link to be opened, and the
 * sessions those links open. Only SHA-256 hashes of the tokens are kept. Only the server reads and writes
 * it; no API may, Payload's admin does not show it, and the audit log does not record it (like the login
 * throttle: a row per sign-in).
 */
export const MemberLinks: CollectionConfig = {
  slug: MEMBER_LINKS,
  admin: { hidden: true, useAsTitle: 'email' },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false, readVersions: () => false },
  fields: [
    { name: 'kind', type: 'select', options: ['sign-in', 'join', 'invite', 'session'], required: true, index: true },
    { name: 'tokenHash', type: 'text', maxLength: 64, index: true },
    /** The adult's address, lower-cased. */
    { name: 'email', type: 'text', required: true, maxLength: 254, index: true },
    /** The household the link or session is for (its id), once there is one. */
    { name: 'household', type: 'text', maxLength: 100, index: true },
    /** What the link carries (a join request's level, adults and athletes). */
    { name: 'data', type: 'json' },
    { name: 'expiresAt', type: 'date', index: true },
    { name: 'usedAt', type: 'date' },
  ],
}
