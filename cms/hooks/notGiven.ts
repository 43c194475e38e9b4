import type { CollectionConfig, Field, FieldHook } from 'payload'
import { isNotGiven } from '#shared/notGiven'

/** The kinds of field a person types into, where empty text is a value left out (shared/notGiven.ts). */
const TYPED = new Set(['text', 'textarea', 'email', 'number'])

/**
 * An optional field given empty ('' or blank text, or null) is stored as not given: the field's default where it has
 * one, else null. Payload's REST and editor send '' for a box left empty, our /api schemas null; without this the same
 * record read "" through one door and null through the other. A required field is left to Payload, which refuses it
 * as required; a field whose empty text is a value of its own says so (`custom: { emptyIsText: true }`). A field left
 * out of a write is not touched (an edit keeps it).
 */
const storedAsNotGiven: FieldHook = ({ field, siblingData }) => {
  const name = 'name' in field ? field.name : undefined
  if (!name || !(name in siblingData) || !isNotGiven(siblingData[name])) return undefined
  const fallback = 'defaultValue' in field && typeof field.defaultValue !== 'function' ? field.defaultValue : undefined
  return fallback ?? null
}

function withStoredAsNotGiven(fields: Field[]): Field[] {
  return fields.map((field) => {
    if (field.type === 'tabs') return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: withStoredAsNotGiven(tab.fields) })) }
    if ('fields' in field) return { ...field, fields: withStoredAsNotGiven(field.fields) } as Field
    if (!TYPED.has(field.type) || ('required' in field && field.required) || ('hasMany' in field && field.hasMany)) return field
    if (field.custom?.emptyIsText) return field
    const hooks = 'hooks' in field ? field.hooks : undefined
    return { ...field, hooks: { ...hooks, beforeValidate: [storedAsNotGiven, ...(hooks?.beforeValidate ?? [])] } } as Field
  })
}

/** Every optional typed field of the collection stores "not given" one way, whichever door wrote it. */
export const withNotGivenStored = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  fields: withStoredAsNotGiven(collection.fields),
})
