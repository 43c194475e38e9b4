/**
 * Campaign pictures ship with the site. An admin stores a short image name
 * (e.g. "uniforms") or a path; names we know map to our pictures, anything
 * else shows the default team photo (docs/PRODUCT.md, Constants), as does a picture that fails to load.
 * Their letters and numbers are outlines, not SVG text: a picture then needs no font, looks the same on every
 * device, and costs no font lookups while the page's first screen is laid out (docs/SCALING.md, "The first screen's main thread, traced").
 */
export const DEFAULT_CAMPAIGN_IMAGE = '/images/campaigns/team-photo.svg'

const KNOWN_IMAGES: Record<string, string> = {
  'team-photo': DEFAULT_CAMPAIGN_IMAGE,
  team: DEFAULT_CAMPAIGN_IMAGE,
  uniforms: '/images/campaigns/uniforms.svg',
  uniform: '/images/campaigns/uniforms.svg',
  jerseys: '/images/campaigns/uniforms.svg',
  travel: '/images/campaigns/travel.svg',
  tournament: '/images/campaigns/travel.svg',
  tournaments: '/images/campaigns/travel.svg',
  bus: '/images/campaigns/travel.svg',
  camp: '/images/campaigns/camp.svg',
  'summer-camp': '/images/campaigns/camp.svg',
  scoreboard: '/images/campaigns/scoreboard.svg',
  gym: '/images/campaigns/scoreboard.svg',
  equipment: '/images/campaigns/equipment.svg',
  gear: '/images/campaigns/equipment.svg',
  training: '/images/campaigns/equipment.svg',
}

export function campaignImage(imageUrl: string | null | undefined): string {
  const value = imageUrl?.trim()
  if (!value) return DEFAULT_CAMPAIGN_IMAGE
  // A picture served by our own site (but not a protocol-relative "//host" URL).
  if (value.startsWith('/') && !value.startsWith('//')) return value
  const name = value
    .toLowerCase()
    .replace(/^.*\//, '')
    .replace(/\.(svg|png|jpe?g|webp|avif|gif)$/, '')
    .replace(/[\s_]+/g, '-')
  return KNOWN_IMAGES[name] ?? DEFAULT_CAMPAIGN_IMAGE
}
