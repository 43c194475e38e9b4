/**
 * What a photo upload may be (cms/collections/Media.ts, the portal's upload box): a phone's camera
 * photo fits; the refusals are the words a volunteer reads, in the browser and from the server alike.
 */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const PHOTO_TOO_LARGE = `This photo is over ${MAX_PHOTO_BYTES / 1024 / 1024} MB`
export const NOT_A_PHOTO = 'This file is not a JPEG, PNG or WebP photo'

/** Why the browser will not send this file, or null (the server checks the content again). */
export const photoRefusal = (file: { type: string; size: number }): string | null =>
  !PHOTO_TYPES.includes(file.type) ? NOT_A_PHOTO : file.size > MAX_PHOTO_BYTES ? PHOTO_TOO_LARGE : null
