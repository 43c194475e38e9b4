import type { CollectionBeforeChangeHook } from 'payload'

/**
 * The spec's `imageUrl` strings keep their shape: when an editor attaches an
 * uploaded photo (`image`), `imageUrl` becomes that photo's card-size URL.
 */
export const imageUrlFromUpload: CollectionBeforeChangeHook = async ({ data, req }) => {
  const image = data.image
  if (!image) return data
  const id = typeof image === 'object' ? image.id : image
  const media = await req.payload.findByID({ collection: 'media', id, depth: 0, req, overrideAccess: true }).catch(() => null)
  if (media) data.imageUrl = relativeUrl(media.sizes?.card?.url ?? media.url)
  return data
}

/** Payload prefixes its file URLs with SERVER_URL; the site links them from its own origin. */
const relativeUrl = (url: string | null | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') : null)
