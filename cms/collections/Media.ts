import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { mediaDir } from '../db/adapter'
import { PHOTO_TYPES } from '#shared/photos'
import { securityConfig } from '../security/config'
import { GROUP } from './groups'
import { missingFileIsNotFound, onlyPhotos, refuseDeleteInUse, removeHeldFiles, urlsFollowNewFile } from './mediaLife'
import { publicMediaRead } from './publicMedia'

/** A phone photo is stored at most this long on its longest side (docs/roles.md). */
export const WEB_SIZE = 2560

/**
 * Photos and logos. Payload checks the file's content (magic bytes) against `mimeTypes`, so a
 * renamed HTML or SVG file is refused. Every stored file, the original included, is written anew by
 * `sharp`: turned upright, at most WEB_SIZE px, without EXIF, XMP, IPTC or GPS (`resizeOptions` makes
 * Payload re-encode the original; sharp keeps no metadata unless asked). A visitor reads a photo only
 * while the public site shows it (./publicMedia.ts); one in use is not deleted (./mediaLife.ts).
 */
export const Media: CollectionConfig = {
  slug: 'media',
  access: { read: publicMediaRead, create: isStaff, update: isStaff, delete: isStaff },
  labels: { singular: 'Photo or logo', plural: 'Photos and logos' },
  admin: {
    group: GROUP.website,
    useAsTitle: 'alt',
    defaultColumns: ['alt', 'filename', 'updatedAt'],
    listSearchableFields: ['alt', 'filename'],
    description: `JPEG, PNG or WebP up to ${securityConfig.maxUploadBytes / 1024 / 1024} MB (a phone photo is fine: it is stored at web size, without its camera data). Usually uploaded straight from a player, campaign, sponsor or the coach’s photo.`,
  },
  hooks: {
    beforeOperation: [onlyPhotos],
    afterChange: [urlsFollowNewFile],
    beforeDelete: [refuseDeleteInUse],
    afterDelete: [removeHeldFiles],
  },
  upload: {
    staticDir: mediaDir,
    mimeTypes: PHOTO_TYPES,
    resizeOptions: { width: WEB_SIZE, height: WEB_SIZE, fit: 'inside', withoutEnlargement: true },
    imageSizes: [
      { name: 'card', width: 800, height: 600, position: 'centre' },
      { name: 'thumbnail', width: 300, height: 300, position: 'centre' },
      // Sponsor logos: the whole logo, never cropped, at twice the wall's 160 × 80 box.
      { name: 'logo', width: 320, height: 160, fit: 'inside', withoutEnlargement: true },
    ],
    handlers: [missingFileIsNotFound],
    adminThumbnail: 'thumbnail',
    focalPoint: false,
    crop: false,
    pasteURL: false,
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      required: true,
      maxLength: 200,
      label: 'Alt text (describes the image for screen readers)',
      admin: { description: 'A player’s photo is described by her name as the roster shows it (“Photo of Maya D.”), set on every save.' },
    },
  ],
}
