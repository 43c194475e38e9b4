import type { CollectionBeforeChangeHook } from 'payload'
import { ownPath } from '#shared/mediaUrl'
import { refuse } from './refuse'

type ImageSize = 'card' | 'thumbnail' | 'logo'

/**
 * The spec's URL strings (`imageUrl`, a sponsor's `logoUrl`, the coach's photo)
 * keep their shape: when an editor attaches an uploaded image to `uploadField`,
 * `urlField` becomes the URL of that image at `size`. Only a change of the
 * attached image writes the URL, so a URL typed later in the spec's dashboard
 * is kept: the last edit wins.
 */
export const urlFromUpload =
  (uploadField: string, urlField: string, size: ImageSize): CollectionBeforeChangeHook =>
  async ({ data, originalDoc, req }) => {
    const id = idOf(data[uploadField])
    if (id == null || id === idOf(originalDoc?.[uploadField])) return data
    const media = await req.payload.findByID({ collection: 'media', id, depth: 0, req, overrideAccess: true }).catch(() => null)
    // An id that names no photo (deleted, mistyped) is the sender's mistake: a 400 on every path, not the database's 500.
    if (!media) throw refuse(400, 'That photo does not exist. Upload it again or choose another one.')
    data[urlField] = ownPath(media.sizes?.[size]?.url ?? media.url) || null
    return data
  }

const idOf = (value: unknown) =>
  value && typeof value === 'object' && 'id' in value
    ? (value as { id: number | string }).id
    : (value as number | string | null | undefined)
