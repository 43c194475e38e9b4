import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { isStaff } from '../access/isStaff'
import { adminOnlyField } from '../access/roles'
import { uploadField, moneyField, textFlagField } from './fields'
import { urlFromUpload } from '../hooks/urlFromUpload'

const moneyAccess = { create: adminOnlyField, update: adminOnlyField }

export const Campaigns: CollectionConfig = {
  slug: 'campaigns',
  // Editors change a campaign's texts and image; the money and the campaign list are the admins'.
  access: { read: isStaff, create: isAdmin, update: isStaff, delete: isAdmin },
  hooks: { beforeChange: [urlFromUpload('image', 'imageUrl', 'card')] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', required: true, maxLength: 5000 },
    moneyField('goalAmount', { required: true, access: moneyAccess }),
    moneyField('currentAmount', { required: true, defaultValue: '0.00', access: moneyAccess }),
    uploadField('image', 'Upload a photo here; the image URL below is then filled in from it.'),
    { name: 'imageUrl', type: 'text', maxLength: 500 },
    textFlagField('isActive', true),
  ],
}
