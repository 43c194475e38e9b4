import type { CollectionBeforeOperationHook, CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { roleOf } from '../access/roles'
import { refuse } from '../hooks/refuse'
import { GROUP } from './groups'

/** What a member account cannot do until a screen and its rules exist: sign in, recover, reset, verify. */
const CLOSED_OPERATIONS = new Set(['login', 'refresh', 'forgotPassword', 'resetPassword'])

/**
 * Nobody makes or uses a member account without an admin (SECURITY.md §1): Payload's first-register
 * creates with access control off, so create is checked here too, whatever the door (only the
 * server's own code, the Local API, creates without a signed-in admin).
 */
const closedToAnonymous: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (CLOSED_OPERATIONS.has(operation)) throw refuse(403, 'Member accounts cannot sign in or recover a password yet')
  if (operation === 'create' && req.payloadAPI !== 'local' && roleOf(req.user) !== 'admin') {
    throw refuse(403, 'Only an admin may create a member account')
  }
  return args
}

/**
 * Site members (docs/PRODUCT.md, Records). No screen uses them yet; they are an auth
 * collection so a password is only ever stored hashed. Closed to anonymous sign-up and
 * sign-in on every door (cms/admin/next.ts closes the REST routes, the hook the operations).
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
  hooks: { beforeOperation: [closedToAnonymous] },
  fields: [
    { name: 'firstName', type: 'text', maxLength: 100 },
    { name: 'lastName', type: 'text', maxLength: 100 },
    { name: 'profileImageUrl', type: 'text', maxLength: 500 },
  ],
}
