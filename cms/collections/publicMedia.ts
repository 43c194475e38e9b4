import { NotFound, type Access, type Payload, type Where } from 'payload'
import { roleOf } from '../access/roles'
import type { Media } from '../payload-types'

export const MEDIA_SIZES = ['card', 'thumbnail', 'logo'] as const

/** Every stored file of a photo: the original and each size. */
export const filesOf = (doc: Pick<Media, 'filename' | 'sizes'>): string[] =>
  [doc.filename, ...MEDIA_SIZES.map((size) => doc.sizes?.[size]?.filename)].filter((name): name is string => !!name)

/** The photos a visitor may read: their originals (unique names) and every file of theirs. */
export type PublicMedia = { originals: string[]; files: Set<string> }

/**
 * What the public site shows decides which photos a visitor may read (docs/roles.md, "Photos and consent"). Each part
 * of the house that shows photos registers its read rule at start: the file names of the photos it shows a visitor
 * now (the team: the players whose photo the roster shows, cms/team/rosterPrivacy.ts; the site: campaign images, the
 * sponsor wall's logos, the coach's photo and the published pages' images, cms/site/render.ts). The door asks every
 * rule at each anonymous read, so a photo whose family withdrew consent, an unpublished page's image or a lapsed
 * sponsor's logo is unreadable as soon as its rule stops naming it (a rule over cached data keeps its answer as long
 * as the site shows that data). With nothing registered (a script, the Local API alone) a visitor reads no photo.
 */
export type PublicMediaRule = (payload: Payload) => Promise<Iterable<string>>
const rules = new Map<string, PublicMediaRule>()
export const registerPublicMediaRule = (name: string, rule: PublicMediaRule) => {
  rules.set(name, rule)
}

/** The photos a visitor may read now: what every registered rule names. */
const publicMediaNow = async (payload: Payload) =>
  resolvePublicMedia(
    payload,
    (await Promise.all([...rules.values()].map((rule) => rule(payload)))).flatMap((names) => [...names]),
  )

/** The photos behind the file names the public site links: a photo shown at one size is readable at every size. */
export async function resolvePublicMedia(payload: Payload, linked: Iterable<string>): Promise<PublicMedia> {
  const names = [...new Set(linked)]
  if (names.length === 0) return { originals: [], files: new Set() }
  const { docs } = await payload.find({
    collection: 'media',
    where: { or: [{ filename: { in: names } }, ...MEDIA_SIZES.map((size) => ({ [`sizes.${size}.filename`]: { in: names } }))] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { filename: true, sizes: true },
  })
  return { originals: docs.map((doc) => doc.filename).filter((name): name is string => !!name), files: new Set(docs.flatMap(filesOf)) }
}

/** The file names in links to our uploads (/cms-api/media/file/<name>, as Payload and rich text write them). */
export function linkedMediaFiles(text: string): string[] {
  return [...text.matchAll(/\/(?:cms-api\/)?media\/file\/([^"'?#\s<>)\\]+)/g)].map((m) => {
    try {
      return decodeURIComponent(m[1])
    } catch {
      return m[1]
    }
  })
}

/** Set (in the Local API's `context`, which no request can set) by the public site's page loader (cms/site/data.ts). */
export const PUBLIC_SITE_READ = 'publicSiteRead'

/**
 * Media's read access. Staff read every photo. A visitor reads a photo's record (list, by id,
 * search) only when the public site shows it, by a query Payload adds to every read; and one of its
 * files only then, else 404 as for a file that never existed (not 403: a hidden photo is not there).
 */
export const publicMediaRead: Access = async ({ req, isReadingStaticFile, data }) => {
  // The public site's own read of a published page fills in its images: what it shows is public (and
  // asking which photos are public there would wait on that very page).
  if (roleOf(req.user) !== null || req.context?.[PUBLIC_SITE_READ]) return true
  const media = await publicMediaNow(req.payload)
  if (isReadingStaticFile) {
    if (!media.files.has(String((data as { filename?: unknown } | undefined)?.filename))) throw new NotFound(req.t)
    return true
  }
  // `in` of an empty list is not a query every adapter takes; no photo is named ''.
  return { filename: { in: media.originals.length > 0 ? media.originals : [''] } } satisfies Where
}
