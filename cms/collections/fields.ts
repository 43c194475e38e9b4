import type { Field, TextField } from 'payload'
import { MONEY_PATTERN } from '#shared/money'

/** Decimal(10,2) stored as a two-decimal string so no float ever touches money. */
export const moneyField = (name: string, options: Partial<TextField> = {}): Field =>
  ({
    name,
    type: 'text',
    maxLength: 11,
    validate: (value: unknown) =>
      value == null || (typeof value === 'string' && MONEY_PATTERN.test(value)) || 'Must be an amount with at most 2 decimals',
    ...options,
  }) as Field

/** Some flags are the text "true"/"false", not booleans (docs/PRODUCT.md, Records). */
export const textFlagField = (name: string, required = false): Field => ({
  name,
  type: 'select',
  options: ['true', 'false'],
  defaultValue: 'true',
  required,
})

/** An uploaded image (Media); the urlFromUpload hook copies its URL into the spec's URL field. */
export const uploadField = (name: string, description: string, condition?: (data: Partial<Record<string, unknown>>) => boolean): Field => ({
  name,
  type: 'upload',
  relationTo: 'media',
  admin: { description, condition },
})
