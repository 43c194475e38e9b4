import { link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { sharp } from './sharpOnDemand'
import type {
  UploadConfig,
  CollectionConfig,
  CollectionSlug,
  CollectionAfterChangeHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  CollectionAfterDeleteHook,
  Payload,
  PayloadRequest,
  Where,
} from 'payload'
import { afterCommit, onRollback } from '../db/afterCommit'
import { mediaDir } from '../db/adapter'
import { refuse } from '../hooks/refuse'
import type { Media } from '../payload-types'
import { NOT_A_PHOTO, PHOTO_TOO_LARGE } from '#shared/photos'
import { securityConfig } from '../security/config'
import { filesOf, MEDIA_SIZES } from './publicMedia'

/**
 * An upload is a JPEG, PNG or WebP photo by its content (Payload checks the same against `mimeTypes`,
 * in words a volunteer cannot act on), at most the upload limit. It is stored under a name of its own
 * ("photo-3f9a1c2b7d4e.jpg"): a file's name is in its public URL, and "maya-davis.jpg" would name a player
 * whose full name the roster hides.
 */
export const onlyPhotos: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if ((operation !== 'create' && operation !== 'update') || !req.file) return args
  if (req.file.size > securityConfig.maxUploadBytes) throw refuse(413, PHOTO_TOO_LARGE)
  const { file } = req
  // Payload holds the file in memory unless told to use temporary files (then tempFilePath is set).
  const format = await Promise.resolve()
    .then(() => sharp(file.tempFilePath || file.data).metadata())
    .then(
      (m) => m.format,
      () => null,
    )
  if (!format || !['jpeg', 'png', 'webp'].includes(format)) throw refuse(400, NOT_A_PHOTO)
  file.name = `photo-${randomBytes(6).toString('hex')}.${format === 'jpeg' ? 'jpg' : format}`
  return args
}

/**
 * Where a collection holds photos, as it hands them over (a domain in its model, `DomainModel.photoFields`; the house's
 * own collections where they are assembled, ./index.ts): the field holding a photo's id (`upload`), the text field
 * holding one of its URLs (`url`: filled by cms/hooks/urlFromUpload.ts or typed) and the rich text naming photos by id
 * (`richText`, in the record and in its draft). What "refuse to delete a photo in use" and "URLs follow a new file" read.
 */
export type PhotoField = { collection: CollectionSlug; upload?: string; url?: string; richText?: string }

/** Media told every photo field of the model, in its `custom` settings, so every door's delete or new file reads them. */
export const withPhotoFields =
  (fields: PhotoField[]) =>
  (collection: CollectionConfig): CollectionConfig =>
    collection.slug === 'media' ? { ...collection, custom: { ...collection.custom, photoFields: fields } } : collection

const photoFieldsOf = (payload: Payload) => (payload.collections.media.config.custom?.photoFields ?? []) as PhotoField[]

/** Where a photo is used, as a volunteer finds it: "Player “Maya Davis”", "Footer page “About”". */
export async function mediaUses(
  payload: Payload,
  media: Pick<Media, 'id' | 'filename' | 'sizes'>,
  req?: PayloadRequest,
): Promise<string[]> {
  const uses: string[] = []
  const files = filesOf(media)
  for (const { collection, upload, url, richText } of photoFieldsOf(payload)) {
    const config = payload.collections[collection].config
    const name = (doc: Record<string, unknown>) =>
      `${typeof config.labels.singular === 'string' ? config.labels.singular : collection} “${String(doc[config.admin.useAsTitle ?? 'id'] ?? doc.id)}”`
    const find = async (where?: Where, draft = false) =>
      (await payload.find({ collection, where, pagination: false, depth: 0, overrideAccess: true, draft, req })).docs as unknown as Array<
        Record<string, unknown>
      >
    const linked = [
      ...(upload ? [{ [upload]: { equals: media.id } }] : []),
      ...(url ? files.map((file) => ({ [url]: { contains: file } })) : []),
    ]
    if (linked.length > 0) for (const doc of await find({ or: linked })) uses.push(name(doc))
    // Rich text names an image by its id (Lexical's upload node), in the record or in its draft.
    if (richText)
      for (const draft of config.versions?.drafts ? [false, true] : [false])
        for (const doc of await find(undefined, draft))
          if (JSON.stringify(doc[richText] ?? null).includes(`"value":"${media.id}"`)) uses.push(name(doc))
  }
  return [...new Set(uses)]
}

/**
 * A new file for a photo in use (Payload's media editor: "Change file"): Payload removes the old files, so every URL
 * the site shows of them (a player's `imageUrl`, a sponsor's `logoUrl`, the coach's photo) is written anew with the
 * same size of the new file, or the site would link a file that is gone.
 */
export const urlsFollowNewFile: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || !previousDoc?.filename || previousDoc.filename === doc.filename) return doc
  const renamed = new Map<string, string>([[previousDoc.filename, doc.filename]])
  for (const size of MEDIA_SIZES) {
    const [from, to] = [previousDoc.sizes?.[size]?.filename, doc.sizes?.[size]?.filename]
    if (from && to) renamed.set(from, to)
  }
  const renameIn = (text: string) =>
    [...renamed].reduce((value, [from, to]) => value.replaceAll(`/media/file/${encodeURIComponent(from)}`, `/media/file/${to}`), text)
  for (const { collection, url: field } of photoFieldsOf(req.payload)) {
    if (!field) continue
    const where = { or: [...renamed.keys()].map((file) => ({ [field]: { contains: encodeURIComponent(file) } })) }
    const { docs } = await req.payload.find({ collection, where, pagination: false, depth: 0, overrideAccess: true, req })
    for (const record of docs) {
      const value = String((record as unknown as Record<string, unknown>)[field] ?? '')
      if (renameIn(value) !== value) {
        await req.payload.update({ collection, id: record.id, data: { [field]: renameIn(value) }, depth: 0, overrideAccess: true, req })
      }
    }
  }
  return doc
}

/**
 * A photo in use is never deleted (the site would show a broken image); the volunteer reads where it
 * is used. Its files are moved aside first and removed only once the row's delete is committed, put
 * back if it is rolled back (Payload removes files before the row).
 */
export const refuseDeleteInUse: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const media = await req.payload.findByID({ collection: 'media', id, depth: 0, overrideAccess: true, req, disableErrors: true })
  if (!media) return
  const uses = await mediaUses(req.payload, media, req)
  if (uses.length > 0) {
    throw refuse(409, `This photo is in use: ${uses.join(', ')}. Choose another photo there (or remove it) first, then delete this one.`)
  }
  const held = join(mediaDir, '.deleting', `${media.id}-${Date.now()}`)
  await mkdir(held, { recursive: true })
  for (const file of filesOf(media)) await link(join(mediaDir, file), join(held, file)).catch(() => undefined)
  req.context.heldMediaFiles = held
  await onRollback(req, async () => {
    for (const file of await readdir(held)) await rename(join(held, file), join(mediaDir, file))
    await rm(held, { recursive: true, force: true })
  })
}

export const removeHeldFiles: CollectionAfterDeleteHook = async ({ req, doc }) => {
  const held = req.context.heldMediaFiles
  if (typeof held === 'string') await afterCommit(req, () => void rm(held, { recursive: true, force: true }))
  return doc
}

/** A file the database names but the disk lacks (a lost backup, a half-done delete) is not there: 404, not Payload's 500. */
export const missingFileIsNotFound: UploadHandler = async (_req, { params }) => {
  const exists = await stat(join(mediaDir, params.filename)).then(
    (s) => s.isFile(),
    () => false,
  )
  // Nothing returned: Payload serves the file.
  return exists ? undefined : (Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 }) as unknown as void)
}
type UploadHandler = NonNullable<UploadConfig['handlers']>[number]

/**
 * Photos stored before every upload was re-encoded (docs/decisions/011-privacy-by-default.md) may still carry their camera data
 * (GPS, camera, owner) or be full camera size: each such original is written anew as an upload is now
 * (upright, at most WEB_SIZE px, no metadata). Run at every start (cms/collections/migrate.ts, SQLite
 * and MongoDB alike); a clean file is only looked at. The sizes were always written without metadata.
 */
export async function scrubStoredPhotos(payload: Payload, webSize: number) {
  const { docs } = await payload.find({
    collection: 'media',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { filename: true },
  })
  for (const doc of docs) {
    if (!doc.filename) continue
    const path = join(mediaDir, doc.filename)
    const meta = await sharp(path)
      .metadata()
      .catch(() => null)
    if (!meta) continue
    const tooLarge = Math.max(meta.width ?? 0, meta.height ?? 0) > webSize
    if (!meta.exif && !meta.xmp && !meta.iptc && !tooLarge) continue
    const { data, info } = await sharp(path)
      .rotate()
      .resize({ width: webSize, height: webSize, fit: 'inside', withoutEnlargement: true })
      .toBuffer({ resolveWithObject: true })
    await writeFile(`${path}.scrubbed`, data)
    await rename(`${path}.scrubbed`, path)
    await payload.db.updateOne({ collection: 'media', id: doc.id, data: { width: info.width, height: info.height, filesize: info.size } })
    payload.logger.info({ msg: 'Photo rewritten without its camera data', filename: doc.filename })
  }
}
