/**
 * The sponsor application's business types and the labels the sponsor form shows. No zod here:
 * the public sponsor form and the admin inbox import this module directly.
 */
export const BUSINESS_TYPES = [
  'retail',
  'restaurant',
  'automotive',
  'medical',
  'legal',
  'financial',
  'real-estate',
  'construction',
  'technology',
  'other',
] as const

export type BusinessType = (typeof BUSINESS_TYPES)[number]

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  retail: 'Retail',
  restaurant: 'Restaurant',
  automotive: 'Automotive',
  medical: 'Medical/Healthcare',
  legal: 'Legal Services',
  financial: 'Financial Services',
  'real-estate': 'Real Estate',
  construction: 'Construction',
  technology: 'Technology',
  other: 'Other',
}

export const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }))
