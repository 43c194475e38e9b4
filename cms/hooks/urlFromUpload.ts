import type { CollectionBeforeChangeHook } from 'payload'

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
    if (media) data[urlField] = relativeUrl(media.sizes?.[size]?.url ?? media.url)
    return data
  }

const idOf = (value: unknown) =>
  value && typeof value === 'object' && 'id' in value
    ? (value as { id: number | string }).id
    : (value as number | string | null | undefined)

/** Payload prefixes its file URLs with SERVER_URL; the site links them from its own origin. */
const relativeUrl = (url: string | null | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') : null)
