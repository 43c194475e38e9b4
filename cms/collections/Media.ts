import type { CollectionConfig } from 'payload'
import { anyone } from '../access/anyone'
import { isStaff } from '../access/isStaff'
import { mediaDir } from '../db/adapter'
import { GROUP } from './groups'

/**
 * Photos and logos. Payload checks the file's content (magic bytes) against
 * `mimeTypes`, so a renamed HTML or SVG file is refused; `sharp` writes the
 * sizes the site shows (player and campaign cards, the coach's photo, sponsor logos).
 */
export const Media: CollectionConfig = {
  slug: 'media',
  access: { read: anyone, create: isStaff, update: isStaff, delete: isStaff },
  labels: { singular: 'Photo or logo', plural: 'Photos and logos' },
  admin: {
    group: GROUP.website,
    useAsTitle: 'alt',
    defaultColumns: ['alt', 'filename', 'updatedAt'],
    listSearchableFields: ['alt', 'filename'],
    description: 'JPEG, PNG or WebP up to 5 MB. Usually uploaded straight from a player, campaign, sponsor or the coach’s photo.',
  },
  upload: {
    staticDir: mediaDir,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    imageSizes: [
      { name: 'card', width: 800, height: 600, position: 'centre' },
      { name: 'thumbnail', width: 300, height: 300, position: 'centre' },
      // Sponsor logos: the whole logo, never cropped, at twice the wall's 160 × 80 box.
      { name: 'logo', width: 320, height: 160, fit: 'inside', withoutEnlargement: true },
    ],
    adminThumbnail: 'thumbnail',
    focalPoint: false,
    crop: false,
    pasteURL: false,
  },
  fields: [{ name: 'alt', type: 'text', required: true, maxLength: 200, label: 'Alt text (describes the image for screen readers)' }],
}
