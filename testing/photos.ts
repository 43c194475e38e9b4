import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expect } from 'vitest'
import { ApiClient } from './server'

/** Photos as families and editors upload them, and every door a visitor could try for one (docs/roles.md, "Photos and consent"). */

/** A 12-megapixel camera JPEG (about 10 MB: noise does not compress) with the EXIF a phone writes: GPS, camera, owner. */
export const cameraPhoto = (width = 4000, height = 3000) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: 'Jane Parent', Model: 'Pixel 9 Pro', Make: 'Google' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 3/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 40/1' },
    })
    .toBuffer()

/** A plain green photo. */
export const smallPhoto = (format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 900, height = 700) =>
  sharp({ create: { width, height, channels: 3, background: '#15803d' } })
    .toFormat(format)
    .toBuffer()

/** POST a file to Payload's upload collection as a browser form would. */
export async function upload(client: ApiClient, file: Buffer, name: string, type: string, alt?: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type }), name)
  if (alt !== undefined) form.append('_payload', JSON.stringify({ alt }))
  const res = await fetch(`${client.baseUrl}/cms-api/media`, {
    method: 'POST',
    headers: { Origin: client.baseUrl, Cookie: client.cookie },
    body: form,
  })
  return { status: res.status, json: (await res.json().catch(() => undefined)) as any }
}

/** A player wearing the photo `image`, through the portal's API. */
export async function addPlayer(client: ApiClient, name: string, image: string, consent: { showFullName?: boolean } = {}) {
  const created = await client.post('/api/admin/team', { name, jerseyNumber: 7, position: 'Guard', grade: '10', image, ...consent })
  expect(created.status, created.text).toBe(201)
  return created
}

export type MediaDoc = { id: string; filename: string; url: string; sizes: Record<string, { filename: string; url: string }> }
/** A URL's path: what the site links. */
export const urlPath = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')
/** The original's URL and each size's: every file a visitor could ask for. */
export const fileUrls = (doc: MediaDoc) => [urlPath(doc.url), ...Object.values(doc.sizes).map((s) => urlPath(s.url))]

/** Every anonymous door for one photo: list, by id, alt search and each file; true when all open, false when all closed. */
export async function visitorReads(serverUrl: string, doc: MediaDoc, lastName: string) {
  const visitor = new ApiClient(serverUrl)
  const list = (await visitor.get('/cms-api/media?limit=100')).json.docs.map((d: { id: string }) => d.id)
  const byId = (await visitor.get(`/cms-api/media/${doc.id}`)).status
  const search = (await visitor.get(`/cms-api/media?where[alt][like]=${lastName}`)).json.docs.map((d: { id: string }) => d.id)
  const files = await Promise.all(fileUrls(doc).map(async (url) => (await visitor.get(url)).status))
  return { listed: list.includes(doc.id), byId, foundByHiddenName: search.includes(doc.id), files }
}
