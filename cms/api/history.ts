import { Router, type Request } from 'express'
import { flattenTopLevelFields, type CollectionSlug, type FlattenedField, type Payload } from 'payload'
import { HISTORY_COLLECTIONS, isHistoryCollection, type HistoryChange, type HistoryEntry, type HistoryCollection } from '#shared/history'
import { HttpError, notFound } from '../http/errors'
import { isPlausibleId } from '../http/validate'
import { asStaff } from './crud'
import { findOr404 } from './findOr404'

/** Fields the History never lists: the server's bookkeeping, and a site text's name (it follows section and key). */
const NOT_SHOWN = new Set(['id', 'createdAt', 'updatedAt', 'updatedBy', '_status', 'label'])
/** Longer texts are named as changed, not quoted: the History is a list to scan, not a reader. */
const SHORT_TEXT = 80

type Data = Record<string, unknown>

/**
 * The History of a versioned record (site texts, footer pages, players, games, campaigns, sponsorship levels): who saved
 * it, when, what each save changed, and Restore. Read and restored with the account's own access (Payload's
 * readVersions and update), so an editor never sees the club's legal details' history nor restores a campaign's money
 * (cms/hooks/keepOnRestore.ts). The portal's History dialog and Payload's record page both read it (ui/History.tsx).
 */
export function historyRouter(payload: Payload): Router {
  const router = Router()

  router.get('/:collection/:id', async (req, res) => {
    const collection = historyCollection(req)
    await findOr404(payload, collection, req.params.id, capitalized(collection), asStaff(req))
    const fields = shownFields(payload, collection)
    const { docs } = await payload.findVersions({
      collection,
      where: { parent: { equals: req.params.id } },
      sort: '-updatedAt',
      limit: 25,
      depth: 0,
      ...asStaff(req),
    })
    const entries: HistoryEntry[] = docs.map((doc, i) => {
      const version = doc.version as unknown as Data
      const older = docs[i + 1]?.version as unknown as Data | undefined
      return {
        id: String(doc.id),
        savedAt: String(doc.updatedAt),
        savedBy: typeof version.updatedBy === 'string' ? version.updatedBy : null,
        changes: older ? differences(fields, older, version) : [],
        current: i === 0,
        draft: version._status === 'draft',
      }
    })
    res.json({ entries })
  })

  router.post('/:collection/:id/restore/:versionId', async (req, res) => {
    const collection = historyCollection(req)
    const label = capitalized(collection)
    const before = await findOr404(payload, collection, req.params.id, label, asStaff(req))
    const { versionId } = req.params
    const version = isPlausibleId(versionId)
      ? await payload.findVersionByID({ collection, id: versionId, depth: 0, ...asStaff(req) }).catch(() => null)
      : null
    if (!version || String(version.parent) !== String(before.id)) throw notFound('This version of the record was not found')
    await payload.restoreVersion({ collection, id: versionId, depth: 0, ...asStaff(req) })
    const after = await findOr404(payload, collection, req.params.id, label, asStaff(req))
    const changes = differences(shownFields(payload, collection), before, after)
    const author = (version.version as unknown as Data).updatedBy
    const which = `the ${HISTORY_COLLECTIONS[collection]}${typeof author === 'string' ? ` as ${author} saved it` : ''}`
    const message = changes.length
      ? `Restored ${which}: ${changes.map(restoredText).join('; ')}.`
      : `Restored ${which}: it held the same as now, so nothing changed.`
    res.json({ message, changes })
  })

  return router
}

function historyCollection(req: Request): HistoryCollection & CollectionSlug {
  const collection = String(req.params.collection)
  if (!isHistoryCollection(collection)) throw new HttpError(404, 'These records keep no history')
  return collection
}

const capitalized = (collection: HistoryCollection) => {
  const name = HISTORY_COLLECTIONS[collection]
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** "Title back to “Lady Hawks Rise”", or "Text brought back" when too long to quote. */
const restoredText = ({ field, to }: HistoryChange) => (to !== undefined ? `${field} back to ${to}` : `${field} brought back`)

/** The record's fields a person edits, in the order of its form, with their labels. */
function shownFields(payload: Payload, collection: CollectionSlug): FlattenedField[] {
  // Payload's flattened fields leave out the UI fields (the History itself, a player's "on the public site").
  const fields = flattenTopLevelFields(payload.collections[collection].config.fields) as FlattenedField[]
  return fields.filter((field) => !NOT_SHOWN.has(field.name) && !field.admin?.hidden)
}

/** What differs from `older` to `newer`, field by field, in plain words. */
export function differences(fields: FlattenedField[], older: Data, newer: Data): HistoryChange[] {
  const changes: HistoryChange[] = []
  for (const field of fields) {
    const from = older[field.name]
    const to = newer[field.name]
    if (sameValue(from, to)) continue
    const name = fieldLabel(field)
    const shown = [readable(field, from), readable(field, to)]
    changes.push(shown[0] !== undefined && shown[1] !== undefined ? { field: name, from: shown[0], to: shown[1] } : { field: name })
  }
  return changes
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''
const idOf = (value: unknown) => (value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value)
const sameValue = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || JSON.stringify(idOf(a)) === JSON.stringify(idOf(b))

function fieldLabel(field: FlattenedField): string {
  const label = 'label' in field ? field.label : undefined
  if (typeof label === 'string') return label
  if (label && typeof label === 'object' && 'en' in label && typeof label.en === 'string') return label.en
  const words = field.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A value as a person reads it, or undefined when it cannot be shown in a line (rich text, a photo, a long text). */
function readable(field: FlattenedField, value: unknown): string | undefined {
  if (isEmpty(value)) return '(empty)'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  // The spec's text flags ("true"/"false", cms/collections/fields.ts textFlagField).
  if (field.type === 'select' && (value === 'true' || value === 'false')) return value === 'true' ? 'yes' : 'no'
  if (typeof value === 'number') return String(value)
  if (
    typeof value === 'string' &&
    (field.type === 'text' || field.type === 'textarea' || field.type === 'select' || field.type === 'date')
  ) {
    const text = field.type === 'date' ? value.slice(0, 10) : value
    return text.length <= SHORT_TEXT ? `“${text}”` : undefined
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    const text = value.join(', ')
    return text.length <= SHORT_TEXT ? `“${text}”` : undefined
  }
  return undefined
}
