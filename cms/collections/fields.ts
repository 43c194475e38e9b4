import type { Field, FieldHook, JSONField, SelectField, TextField } from 'payload'
import { MONEY_PATTERN, normalizeMoney } from '#shared/money'
import { nobody } from '../access/nobody'
import { TEXT_FLAG_VALUES, toTextFlag } from '#shared/textFlag'

/** Decimal(10,2) stored as a two-decimal string so no float ever touches money: "40", 40 and "40.0" are all stored as "40.00". */
export const moneyField = (name: string, options: Partial<TextField> = {}): Field =>
  ({
    name,
    type: 'text',
    maxLength: 11,
    validate: (value: unknown) =>
      value == null || (typeof value === 'string' && MONEY_PATTERN.test(value)) || 'Must be an amount with at most 2 decimals',
    ...options,
    hooks: { ...options.hooks, beforeValidate: [canonicalMoney, ...(options.hooks?.beforeValidate ?? [])] },
  }) as Field

/** One stored form of an amount, whichever path wrote it; anything else is left for `validate` to refuse. */
const canonicalMoney: FieldHook = ({ value }) => {
  const text = typeof value === 'number' ? String(value) : value
  return typeof text === 'string' && MONEY_PATTERN.test(text.trim()) ? normalizeMoney(text) : value
}

/**
 * Some flags are the text "true"/"false", not booleans (docs/PRODUCT.md, Records);
 * Payload's editor shows them as a checkbox and its lists as Yes/No (cms/admin/fields/TextFlag.tsx).
 */
export const textFlagField = (name: string, label: string, description: string, extra: Partial<SelectField> = {}): Field =>
  ({
    name,
    label,
    type: 'select',
    options: [...TEXT_FLAG_VALUES],
    defaultValue: toTextFlag(true),
    admin: {
      description,
      components: { Field: '/fields/TextFlag#TextFlagCheckbox', Cell: '/fields/TextFlag#TextFlagCell' },
    },
    ...extra,
  }) as Field

/** An uploaded image (Media); the urlFromUpload hook copies its URL into the spec's URL field. */
export const uploadField = (name: string, description: string, condition?: (data: Partial<Record<string, unknown>>) => boolean): Field => ({
  name,
  type: 'upload',
  relationTo: 'media',
  admin: { description, condition },
})

/** A photo upload and the spec's `imageUrl` it fills (players, campaigns: urlFromUpload(..., 'card')). */
export const photoFields: Field[] = [
  // Named as the portal's dialogs name it (docs/roles.md, One place for each thing).
  { ...uploadField('image', 'Upload a photo here; the image URL below is then filled in from it.'), label: 'Photo' } as Field,
  {
    name: 'imageUrl',
    label: 'Image URL',
    type: 'text',
    maxLength: 500,
    admin: { description: 'Filled in from the photo above; only type one for a photo kept elsewhere.' },
  },
]

/** What a visitor sent (contact messages, applications): kept as sent, read-only once stored, on every path. */
export const visitorsWords = (fields: Field[]): Field[] =>
  fields.map((field) => ({ ...field, access: { update: nobody }, admin: { ...field.admin, readOnly: true } }) as Field)

/**
 * A list of text lines kept as a JSON array of strings (the spec's API shape, e.g. a level's benefits), edited in
 * Payload as one box per line with add, remove and reorder (cms/admin/fields/TextLines.tsx), never as code.
 * Blank lines are dropped and each line trimmed, whichever door wrote them.
 */
export const textLinesField = (name: string, label: string, description: string, options: Partial<JSONField> = {}): Field =>
  ({
    name,
    label,
    type: 'json',
    ...options,
    admin: { description, ...options.admin, components: { Field: '/fields/TextLines#TextLinesField' } },
    hooks: { ...options.hooks, beforeValidate: [dropBlankLines, ...(options.hooks?.beforeValidate ?? [])] },
  }) as Field

const dropBlankLines: FieldHook = ({ value }) =>
  Array.isArray(value) ? value.map((line) => (typeof line === 'string' ? line.trim() : line)).filter((line) => line !== '') : value

/**
 * Who saved this state of the record (the account's username), kept in each version so the History shows "who,
 * when, what changed" (cms/api/history.ts). Set by the server from the signed-in account on every save, whichever door
 * (a value sent by a client is ignored); empty when the server itself saved (seed, the books' recomputed totals).
 */
export const updatedByField: Field = {
  name: 'updatedBy',
  label: 'Saved by',
  type: 'text',
  admin: { hidden: true },
  hooks: { beforeChange: [({ req }) => (req.user && 'username' in req.user ? String(req.user.username) : null)] },
}

/** The record's History (who saved it, when, what changed, Restore) at the foot of its page in Payload's editor. */
export const historyField: Field = {
  name: 'history',
  type: 'ui',
  admin: { components: { Field: '/fields/RecordHistory#RecordHistory' } },
}
