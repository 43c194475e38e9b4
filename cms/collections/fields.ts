import type { Field, TextField } from 'payload'
import { MONEY_PATTERN } from '#shared/money'

/** Decimal(10,2) stored as a two-decimal string so no float ever touches money. */
export const moneyField = (name: string, options: Partial<TextField> = {}): Field => ({
  name,
  type: 'text',
  maxLength: 11,
  validate: (value: unknown) =>
    value == null || (typeof value === 'string' && MONEY_PATTERN.test(value)) || 'Must be an amount with at most 2 decimals',
  ...options,
} as Field)

/** Some flags are the text "true"/"false", not booleans (docs/PRODUCT.md, Records). */
export const textFlagField = (name: string, required = false): Field => ({
  name,
  type: 'select',
  options: ['true', 'false'],
  defaultValue: 'true',
  required,
})

/** An uploaded photo (Media); imageUrlFromUpload copies its URL into the spec's `imageUrl`. */
export const imageField = (): Field => ({
  name: 'image',
  type: 'upload',
  relationTo: 'media',
  admin: { description: 'Upload a photo here; the image URL below is then filled in from it.' },
})
