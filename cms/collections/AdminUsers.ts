import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { securityConfig } from '../security/config'

/** The people who run the club's site. Login is by username; email is optional. */
export const AdminUsers: CollectionConfig = {
  slug: 'admin-users',
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    useSessions: true,
    tokenExpiration: securityConfig.sessionSeconds,
    maxLoginAttempts: securityConfig.maxLoginAttempts,
    lockTime: securityConfig.lockMs,
    cookies: { sameSite: 'Lax', secure: securityConfig.secureCookies },
  },
  access: {
    read: isAdmin,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
    unlock: isAdmin,
    admin: () => false,
  },
  fields: [
    {
      name: 'role',
      type: 'text',
      required: true,
      defaultValue: 'admin',
      access: { update: () => false },
    },
  ],
}
