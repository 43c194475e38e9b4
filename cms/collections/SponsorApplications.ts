import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { BUSINESS_TYPES, SPONSORSHIP_LEVELS } from '#shared/schemas'

/** Applications sent from /sponsor (docs/PRODUCT.md; the API calls them sponsors: POST /api/sponsors). */
export const SponsorApplications: CollectionConfig = {
  slug: 'sponsor-applications',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'contactName', type: 'text', required: true, maxLength: 200 },
    { name: 'contactEmail', type: 'text', required: true, maxLength: 254 },
    { name: 'contactPhone', type: 'text', required: true, maxLength: 40 },
    { name: 'companyName', type: 'text', required: true, maxLength: 200 },
    { name: 'companyAddress', type: 'text', required: true, maxLength: 500 },
    { name: 'companyWebsite', type: 'text', maxLength: 300 },
    { name: 'companyTwitter', type: 'text', maxLength: 100 },
    { name: 'companyInstagram', type: 'text', maxLength: 100 },
    { name: 'businessType', type: 'select', required: true, options: [...BUSINESS_TYPES] },
    { name: 'sponsorshipLevel', type: 'select', required: true, options: [...SPONSORSHIP_LEVELS] },
    { name: 'status', type: 'text', required: true, defaultValue: 'pending', maxLength: 20 },
    { name: 'notes', type: 'textarea', maxLength: 2000 },
  ],
}
