import type { BUSINESS_TYPES, SponsorApplicationInput } from '../../../../cms/schemas'

type BusinessType = SponsorApplicationInput['businessType']

/** SPEC §3 business type options, with their labels. Values match the server's enum. */
export const BUSINESS_TYPE_OPTIONS = [
  { value: 'retail', label: 'Retail' },
  { value: 'restaurant', label: 'Restaurant' },
  { value: 'automotive', label: 'Automotive' },
  { value: 'medical', label: 'Medical/Healthcare' },
  { value: 'legal', label: 'Legal Services' },
  { value: 'financial', label: 'Financial Services' },
  { value: 'real-estate', label: 'Real Estate' },
  { value: 'construction', label: 'Construction' },
  { value: 'technology', label: 'Technology' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: BusinessType; label: string }[]

// Compile-time check that no server value is missing here (the list itself stays
// out of the bundle: importing cms/schemas at runtime would pull in zod).
type Missing = Exclude<(typeof BUSINESS_TYPES)[number], (typeof BUSINESS_TYPE_OPTIONS)[number]['value']>
const allListed: Missing extends never ? true : never = true
void allListed
