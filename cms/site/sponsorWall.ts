import type { Payload } from 'payload'
import { SPONSORSHIP_LEVELS } from '#shared/schemas'
import type { SponsorWall } from '#shared/sponsorWall'
import { clubDayOf } from '../env'

/**
 * The home page's "Our Sponsors" block (GET /api/sponsor-wall, served and
 * cached with the other public lists in cms/site/render.ts): completed
 * sponsorships that have not expired, grouped gold, silver, bronze. Only the
 * company's public face leaves the server: name, link and logo; never an
 * email, phone or address.
 */
export async function readSponsorWall(payload: Payload): Promise<SponsorWall> {
  // Expiry days are the club's calendar days.
  const today = clubDayOf()
  const { docs } = await payload.find({
    collection: 'sponsorships',
    where: {
      and: [{ status: { equals: 'completed' } }, { or: [{ expiresAt: { exists: false } }, { expiresAt: { greater_than_equal: today } }] }],
    },
    sort: 'createdAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  const tiers = await payload.find({ collection: 'sponsorship-tiers', pagination: false, depth: 0, overrideAccess: true })
  // A sponsorship names its level (bronze/silver/gold) or a tier by name.
  const levelOf = (tier: string) => {
    const lower = tier.toLowerCase()
    if ((SPONSORSHIP_LEVELS as readonly string[]).includes(lower)) return lower as SponsorWall[number]['level']
    return tiers.docs.find((t) => t.name === tier)?.level ?? null
  }
  return SPONSORSHIP_LEVELS.toReversed()
    .map((level) => ({
      level,
      sponsors: docs
        .filter((d) => levelOf(d.tier) === level)
        .map((d) => ({
          id: String(d.id),
          name: d.sponsorCompany || d.sponsorName,
          website: safeUrl(d.website),
          logoUrl: safeLogo(d.logoUrl),
        })),
    }))
    .filter((group) => group.sponsors.length > 0)
}

/** Only http(s) links reach the page, so no `javascript:` URL ever becomes a link. */
function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null
  const text = /^[a-z][a-z0-9+.-]*:/i.test(value.trim()) ? value.trim() : `https://${value.trim()}`
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

/** A logo is an uploaded file of this site (/media/…, allowed by the CSP) or an http(s) URL. */
function safeLogo(value: unknown): string | null {
  if (typeof value === 'string' && /^\/(?!\/)[^\s]*$/.test(value.trim())) return value.trim()
  return safeUrl(value)
}
