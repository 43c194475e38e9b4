import { ownPath } from '#shared/mediaUrl'
import { photoRefusal } from '#shared/photos'
import { ApiError } from '#ui/lib/api.ts'

/** Payload's upload collection (cms/collections/Media.ts): staff may create, our CSRF rule wants our own Origin, which the browser sends. */
const MEDIA_PATH = '/cms-api/media'

type MediaDoc = { id: string; url?: string | null; sizes?: Record<string, { url?: string | null } | undefined> }

/**
 * Uploads a photo to Payload's media collection as the signed-in account and answers its id and
 * the URL of `size` (the size the site shows: 'card' for players, 'thumbnail' for the coach, 'logo' for a sponsor),
 * so the portal sets a photo where the rest of the record is edited (docs/roles.md). A phone photo
 * takes a while on a slow connection: `onProgress` hears the share sent (0 to 1). XMLHttpRequest,
 * because fetch reports no upload progress.
 */
export async function uploadPhoto(
  file: File,
  alt: string,
  size: 'card' | 'thumbnail' | 'logo',
  onProgress: (sent: number) => void = () => undefined,
): Promise<{ id: string; url: string }> {
  const refusal = photoRefusal(file)
  if (refusal) throw new ApiError(400, JSON.stringify({ error: refusal }), 'Bad Request', { error: refusal })
  const body = new FormData()
  body.append('file', file)
  body.append('_payload', JSON.stringify({ alt: alt.slice(0, 200) }))
  const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', MEDIA_PATH)
    request.withCredentials = true
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    request.onload = () => resolve({ status: request.status, text: request.responseText })
    request.onerror = () => reject(new ApiError(0, '', 'The upload did not reach the server. Check the connection and try again.'))
    request.send(body)
  })
  if (res.status < 200 || res.status >= 300) throw uploadError(res.status, res.text)
  const { doc } = JSON.parse(res.text) as { doc: MediaDoc }
  const url = doc.sizes?.[size]?.url ?? doc.url
  if (!url) throw new ApiError(500, 'The upload has no address', 'Upload failed')
  return { id: doc.id, url: ownPath(url) }
}

/** Payload's errors are `{ errors: [{ message }] }`; ours `{ error }`: one readable message either way. */
function uploadError(status: number, body: string): ApiError {
  try {
    const json = JSON.parse(body) as { error?: string; errors?: Array<{ message?: string }> }
    const message =
      json.error ??
      json.errors
        ?.map((e) => e.message)
        .filter(Boolean)
        .join(' ')
    if (message) return new ApiError(status, message, '', { error: message })
  } catch {
    // Not JSON: the status is all there is.
  }
  return new ApiError(status, body, 'Upload failed')
}
