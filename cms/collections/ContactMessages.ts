import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'

export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'email', type: 'text', required: true, maxLength: 254 },
    { name: 'message', type: 'textarea', required: true, maxLength: 5000 },
    { name: 'status', type: 'text', required: true, defaultValue: 'unread', maxLength: 20 },
  ],
}
