import type { FlattenedField, Payload } from 'payload'
import { HttpError } from '../http/errors'
import { isPlausibleId } from '../http/validate'

/**
 * What a `where` filter on Payload's REST (/cms-api) may ask of each field
 * (SECURITY.md §10): the operators Payload's own list filter offers for the
 * field's type (@payloadcms/ui's WhereBuilder), and values of the field's
 * kind (a date that parses, a number, true or false). Payload hands anything
 * else to the database layer, which fails with a 500 (`near` on a text
 * column, a date of "notadate"); here it is a 400 that names the field.
 * A path we cannot resolve (through a relationship, inside blocks) is left to
 * Payload, which answers 400 for a path that does not exist; only the
 * operators of no field but a point are refused there too.
 */
const EQUALITY = ['equals', 'not_equals', 'in', 'not_in', 'exists'] as const
const TEXT = [...EQUALITY, 'like', 'not_like', 'contains'] as const
const ORDERED = [...EQUALITY, 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'] as const
const GEO = new Set(['near', 'within', 'intersects'])

type Kind = 'text' | 'number' | 'date' | 'boolean' | 'point' | 'id' | 'opaque'
const KINDS: Partial<Record<FlattenedField['type'], { kind: Kind; operators: readonly string[] }>> = {
  text: { kind: 'text', operators: TEXT },
  textarea: { kind: 'text', operators: TEXT },
  code: { kind: 'text', operators: TEXT },
  email: { kind: 'text', operators: TEXT },
  select: { kind: 'text', operators: EQUALITY },
  radio: { kind: 'text', operators: EQUALITY },
  relationship: { kind: 'id', operators: EQUALITY },
  upload: { kind: 'id', operators: EQUALITY },
  number: { kind: 'number', operators: ORDERED },
  date: { kind: 'date', operators: ORDERED },
  checkbox: { kind: 'boolean', operators: ['equals', 'not_equals', 'exists'] },
  point: { kind: 'point', operators: ['equals', 'not_equals', 'exists', 'near', 'within', 'intersects'] },
  json: { kind: 'opaque', operators: ['exists'] },
  richText: { kind: 'opaque', operators: ['exists'] },
}
/** What every document has besides its own fields. */
const BUILT_IN: Record<string, { kind: Kind; operators: readonly string[] }> = {
  id: { kind: 'id', operators: [...EQUALITY, 'like', 'not_like', 'contains'] },
  createdAt: KINDS.date!,
  updatedAt: KINDS.date!,
}
/** A versions list's own fields; the document's are under `version.`. */
const VERSION_FIELDS: Record<string, { kind: Kind; operators: readonly string[] }> = {
  ...BUILT_IN,
  parent: { kind: 'id', operators: EQUALITY },
  latest: KINDS.checkbox!,
  autosave: KINDS.checkbox!,
  snapshot: KINDS.checkbox!,
  'version._status': KINDS.select!,
}

type Rule = { kind: Kind; operators: readonly string[]; hasMany: boolean }

/** A path inside a rich-text or JSON field (`body.root.children.type`): the database layers cannot filter there (a 500). */
const INSIDE_OPAQUE: Rule = { kind: 'opaque', operators: [], hasMany: false }

function ruleAt(fields: FlattenedField[], path: string[]): Rule | undefined {
  const [name, ...rest] = path
  const field = fields.find((f) => f.name === name)
  if (!field) return undefined
  if ('flattenedFields' in field && (field.type === 'group' || field.type === 'array' || field.type === 'tab')) {
    return rest.length ? ruleAt(field.flattenedFields, rest) : undefined
  }
  if ((field.type === 'richText' || field.type === 'json') && rest.length) return INSIDE_OPAQUE
  const known = KINDS[field.type]
  if (!known || rest.length) return undefined
  const hasMany = 'hasMany' in field && field.hasMany === true
  return { ...known, operators: hasMany ? [...known.operators, 'all'] : known.operators, hasMany }
}

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value))
const isDate = (value: string) => value.trim() !== '' && !Number.isNaN(Date.parse(value))
const isBoolean = (value: string) => value === 'true' || value === 'false'

/** What a value of each kind must look like, and how a refusal names it. */
type ValueCheck = { valid: (value: string) => boolean; expected: string }
const VALUES: Partial<Record<Kind, ValueCheck>> = {
  number: { valid: isNumber, expected: 'a number' },
  date: { valid: isDate, expected: 'a date (YYYY-MM-DD or an ISO instant)' },
  boolean: { valid: isBoolean, expected: 'true or false' },
}
const ID_VALUES: ValueCheck = { valid: isPlausibleId, expected: 'an id' }

/** The values one parameter carries: a list operator's string is comma-separated, as Payload splits it. */
const valuesOf = (operator: string, value: string) => (['in', 'not_in', 'all'].includes(operator) ? value.split(',') : [value])

function checkValue(path: string, operator: string, rule: Rule | undefined, value: string): string | null {
  if (operator === 'exists') return isBoolean(value) ? null : `${path}: exists takes true or false`
  if (!rule) return null
  if (operator === 'near') {
    const parts = value.split(',')
    return parts.length >= 2 && parts.length <= 4 && parts.every(isNumber)
      ? null
      : `${path}: near takes longitude,latitude[,max distance[,min distance]]`
  }
  if (operator === 'within' || operator === 'intersects')
    return `${path}: ${operator} takes a GeoJSON shape, which a query string cannot carry`
  // A relationship's other operators take any text (no match), but `all` on a list of them fails inside the
  // database on a value that is not an id: it takes ids only.
  const values = rule.kind === 'id' ? (operator === 'all' ? ID_VALUES : undefined) : VALUES[rule.kind]
  if (!values) return null
  const bad = valuesOf(operator, value).find((v) => !values.valid(v))
  return bad === undefined ? null : `${path}: ${JSON.stringify(bad.slice(0, 40))} is not ${values.expected}`
}

/** Finds the rule of a field path in one collection, its versions, or a global. */
export type WhereChecker = (field: string, operator: string, value: string) => void

export function whereChecker(payload: Payload, apiPath: string): WhereChecker {
  const [, , first, second, third] = apiPath.split('/')
  const global = first === 'globals'
  const slug = global ? second : first
  const versions = (global ? third : second) === 'versions'
  const config = (global ? payload.config.globals : payload.config.collections).find((c) => c.slug === slug)
  const fields = config?.flattenedFields ?? []
  const lookup = (path: string): Rule | undefined => {
    const builtIn = (versions ? VERSION_FIELDS : BUILT_IN)[path]
    if (builtIn) return { ...builtIn, hasMany: false }
    if (versions) return path.startsWith('version.') ? ruleAt(fields, path.slice('version.'.length).split('.')) : undefined
    return ruleAt(fields, path.split('.'))
  }
  return (path, operator, value) => {
    const rule = lookup(path)
    if (rule === INSIDE_OPAQUE) throw new HttpError(400, `${path} cannot be filtered: it is inside a rich-text or JSON field`)
    if (rule && !rule.operators.includes(operator)) {
      throw new HttpError(400, `${path} cannot be filtered with ${operator}; it takes ${rule.operators.join(', ')}`)
    }
    if (!rule && GEO.has(operator)) throw new HttpError(400, `${path} cannot be filtered with ${operator}: it is not a point`)
    const problem = checkValue(path, operator, rule, value)
    if (problem) throw new HttpError(400, `Invalid where filter: ${problem}`)
  }
}
