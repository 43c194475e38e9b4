import { ownPath } from '#shared/mediaUrl'
import { ApiError } from '../../../../ui/lib/api'

/** Payload's upload collection (cms/collections/Media.ts): staff may create, our CSRF rule wants our own Origin, which fetch sends. */
const MEDIA_PATH = '/cms-api/media'

type MediaDoc = { id: string; url?: string | null; sizes?: Record<string, { url?: string | null } | undefined> }

/**
 * Uploads a photo to Payload's media collection as the signed-in account and answers its id and
 * the URL of `size` (the size the site shows: 'card' for players, 'thumbnail' for the coach),
 * so the portal sets a photo where the rest of the record is edited (docs/roles.md).
 */
export async function uploadPhoto(file: File, alt: string, size: 'card' | 'thumbnail'): Promise<{ id: string; url: string }> {
  const body = new FormData()
  body.append('file', file)
  body.append('_payload', JSON.stringify({ alt: alt.slice(0, 200) }))
  const res = await fetch(MEDIA_PATH, { method: 'POST', credentials: 'include', body })
  if (!res.ok) throw await uploadError(res)
  const { doc } = (await res.json()) as { doc: MediaDoc }
  const url = doc.sizes?.[size]?.url ?? doc.url
  if (!url) throw new ApiError(500, 'The upload has no address', 'Upload failed')
  return { id: doc.id, url: ownPath(url) }
}

/** Payload's errors are `{ errors: [{ message }] }`; ours `{ error }`: one readable message either way. */
async function uploadError(res: Response): Promise<ApiError> {
  const error = await ApiError.fromResponse(res)
  try {
    const json = JSON.parse(error.body) as { errors?: Array<{ message?: string }> }
    const message = json.errors
      ?.map((e) => e.message)
      .filter(Boolean)
      .join(' ')
    if (message) return new ApiError(res.status, message, res.statusText, { error: message })
  } catch {
    // Not JSON: the status text is all there is.
  }
  return error
}
