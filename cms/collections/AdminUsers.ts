import { ValidationError, type CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { isAdminOrSelf } from '../access/isAdminOrSelf'
import { adminOnlyField, roleOf, ROLES } from '../access/roles'
import { securityConfig } from '../security/config'
import { checkPasswordPolicy } from '../security/passwords'

/**
 * The people who run the club's site. Login is by username; email is optional.
 * `admin` may do everything; `editor` edits the site's content (docs/roles.md).
 */
export const AdminUsers: CollectionConfig = {
  slug: 'admin-users',
  admin: { useAsTitle: 'username', defaultColumns: ['username', 'role', 'email'] },
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    useSessions: true,
    tokenExpiration: securityConfig.sessionSeconds,
    maxLoginAttempts: securityConfig.maxLoginAttempts,
    lockTime: securityConfig.lockMs,
    cookies: { sameSite: 'Lax', secure: securityConfig.secureCookies },
  },
  access: {
    read: isAdminOrSelf,
    create: isAdmin,
    update: isAdminOrSelf,
    delete: isAdmin,
    unlock: isAdmin,
    admin: ({ req: { user } }) => roleOf(user) !== null,
  },
  hooks: {
    // Accounts added or changed in Payload's admin follow the same password policy as first-time setup.
    beforeValidate: [
      ({ data, originalDoc }) => {
        if (typeof data?.password !== 'string') return data
        const problem = checkPasswordPolicy(data.password, data.username ?? originalDoc?.username)
        if (problem) throw new ValidationError({ errors: [{ path: 'password', message: problem }] })
        return data
      },
    ],
  },
  fields: [
    {
      name: 'role',
      type: 'select',
      options: [...ROLES],
      required: true,
      defaultValue: 'editor',
      saveToJWT: true,
      access: { create: adminOnlyField, update: adminOnlyField },
    },
  ],
}
