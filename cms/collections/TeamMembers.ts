import type { CollectionConfig } from 'payload'
import { isStaff } from '../access/isStaff'
import { uploadField, textFlagField } from './fields'
import { urlFromUpload } from '../hooks/urlFromUpload'

/** Players. The admin API calls `number` jerseyNumber (docs/PRODUCT.md, Records). */
export const TeamMembers: CollectionConfig = {
  slug: 'team-members',
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff },
  hooks: { beforeChange: [urlFromUpload('image', 'imageUrl', 'card')] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    { name: 'number', type: 'number', required: true, min: 0, max: 99 },
    { name: 'position', type: 'text', required: true, maxLength: 50 },
    { name: 'grade', type: 'text', required: true, maxLength: 20 },
    { name: 'height', type: 'text', maxLength: 20 },
    uploadField('image', 'Upload a photo here; the image URL below is then filled in from it.'),
    { name: 'imageUrl', type: 'text', maxLength: 500 },
    { name: 'bio', type: 'textarea', maxLength: 2000 },
    textFlagField('isActive'),
    { name: 'displayOrder', type: 'number', defaultValue: 0, min: 0 },
  ],
}
