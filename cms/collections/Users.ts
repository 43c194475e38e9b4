import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { GROUP } from './groups'

/**
 * Site members (docs/PRODUCT.md, Records). No screen uses them yet; they are an auth
 * collection so a password is only ever stored hashed.
 */
export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    loginWithUsername: { allowEmailLogin: true, requireEmail: false, requireUsername: true },
    useSessions: true,
  },
  // Only one account list in the menu: the staff's. Nothing edits members in Payload's admin yet.
  admin: { group: GROUP.accounts, hidden: true, useAsTitle: 'username', defaultColumns: ['username', 'firstName', 'lastName'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin, unlock: isAdmin, admin: () => false },
  fields: [
    { name: 'firstName', type: 'text', maxLength: 100 },
    { name: 'lastName', type: 'text', maxLength: 100 },
    { name: 'profileImageUrl', type: 'text', maxLength: 500 },
  ],
}
