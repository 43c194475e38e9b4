import type { CollectionConfig } from 'payload'
import { CONTACT_STATUSES } from '#shared/payments'
import { isAdmin } from '../../access/isAdmin'
import { contactMessageMoves } from '../rules'
import { visitorsWords } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { duplicateFields, oneRecordPerSubmit } from '../duplicates'

/** Messages sent from the home page's contact form; the visitor's words stay as sent. */
export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: {
    group: GROUP.inbox,
    useAsTitle: 'name',
    defaultColumns: ['name', 'email', 'status', 'createdAt'],
    listSearchableFields: ['name', 'email', 'message'],
  },
  disableDuplicate: true,
  defaultSort: '-createdAt',
  hooks: { beforeChange: [contactMessageMoves, oneRecordPerSubmit] },
  fields: [
    ...visitorsWords([
      { name: 'name', type: 'text', required: true, maxLength: 200 },
      { name: 'email', type: 'text', required: true, maxLength: 254 },
      { name: 'message', type: 'textarea', required: true, maxLength: 5000 },
    ]),
    ...duplicateFields,
    { name: 'status', type: 'select', options: [...CONTACT_STATUSES], required: true, defaultValue: 'unread', index: true },
  ],
}
