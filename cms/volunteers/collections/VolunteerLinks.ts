import type { CollectionConfig } from 'payload'
import { nobody } from '../../access/nobody'
import { LINKS } from '../links'

/**
 * The personal links mailed with a sign-up (./links.ts): one row per mail, holding the SHA-256 hash of its
 * token, so an earlier mail's link still works. Only the server reads and writes it, without hooks; no API
 * may, Payload's admin does not show it.
 */
export const VolunteerLinks: CollectionConfig = {
  slug: LINKS,
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody, readVersions: nobody },
  fields: [
    { name: 'signup', type: 'relationship', relationTo: 'volunteer-signups', required: true, index: true },
    { name: 'tokenHash', type: 'text', required: true, unique: true, maxLength: 64 },
  ],
}
