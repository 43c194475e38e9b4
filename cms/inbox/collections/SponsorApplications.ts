import type { CollectionConfig } from 'payload'
import { APPLICATION_STATUSES } from '#shared/payments'
import { BUSINESS_TYPES, isHttpsAddress, SPONSORSHIP_LEVELS, WEBSITE_MESSAGE, withScheme } from '#shared/schemas'
import { isAdmin } from '../../access/isAdmin'
import { applicationMoves, sponsorshipOnApproval } from '../rules'
import { visitorsWords } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { duplicateFields, oneRecordPerSubmit } from '../duplicates'

/** Applications sent from /sponsor (docs/PRODUCT.md; the API calls them sponsors: POST /api/sponsors). */
export const SponsorApplications: CollectionConfig = {
  slug: 'sponsor-applications',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: {
    group: GROUP.inbox,
    useAsTitle: 'companyName',
    defaultColumns: ['companyName', 'contactName', 'sponsorshipLevel', 'status', 'createdAt'],
    listSearchableFields: ['companyName', 'contactName', 'contactEmail'],
    description: 'Approving one creates its pending sponsorship at the tier’s amount.',
  },
  disableDuplicate: true,
  defaultSort: '-createdAt',
  hooks: { beforeChange: [applicationMoves, oneRecordPerSubmit], afterChange: [sponsorshipOnApproval] },
  fields: [
    ...visitorsWords([
      { name: 'contactName', type: 'text', required: true, maxLength: 200 },
      { name: 'contactEmail', type: 'text', required: true, maxLength: 254 },
      { name: 'contactPhone', type: 'text', required: true, maxLength: 40 },
      { name: 'companyName', type: 'text', required: true, maxLength: 200 },
      { name: 'companyAddress', type: 'text', required: true, maxLength: 500 },
      {
        name: 'companyWebsite',
        type: 'text',
        maxLength: 300,
        // The rule of the sponsor form on every door (shared/schemas.ts): a bare address gets https://. Checked as a
        // visitor sends it: what a visitor sent is never changed afterwards (visitorsWords), and an older application
        // must still be approvable.
        hooks: {
          beforeValidate: [
            ({ value, operation }) =>
              operation === 'create' && typeof value === 'string' && value.trim() ? withScheme(value.trim()) : value,
          ],
        },
        validate: (value: unknown, { operation }: { operation?: string }) =>
          operation !== 'create' ||
          value == null ||
          value === '' ||
          (typeof value === 'string' && isHttpsAddress(value)) ||
          WEBSITE_MESSAGE,
      },
      { name: 'companyTwitter', type: 'text', maxLength: 100 },
      { name: 'companyInstagram', type: 'text', maxLength: 100 },
      { name: 'businessType', type: 'select', required: true, options: [...BUSINESS_TYPES] },
      { name: 'sponsorshipLevel', type: 'select', required: true, options: [...SPONSORSHIP_LEVELS] },
      { name: 'notes', type: 'textarea', maxLength: 2000 },
    ]),
    ...duplicateFields,
    { name: 'status', type: 'select', options: [...APPLICATION_STATUSES], required: true, defaultValue: 'pending', index: true },
  ],
}
