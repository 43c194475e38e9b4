import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { afterLogin, afterLogout, guardLogin } from '../auth/loginGuard'
import { RECOVERY_LINK_MINUTES, recoveryEmail } from '../auth/recovery'
import { securityConfig } from '../security/config'

/**
 * The people who run the club's site. Login is by username; email is optional.
 * Payload's own lockout (maxLoginAttempts) stays off: it let anyone lock the
 * owner out. The hooks throttle per account and source instead
 * (cms/auth/throttle.ts), on every login path.
 */
export const AdminUsers: CollectionConfig = {
  slug: 'admin-users',
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    useSessions: true,
    tokenExpiration: securityConfig.sessionSeconds,
    maxLoginAttempts: 0,
    cookies: { sameSite: 'Lax', secure: securityConfig.secureCookies },
    // Recovery links (ours and Payload's own forgot-password) open our admin and expire after 30 minutes.
    forgotPassword: {
      expiration: RECOVERY_LINK_MINUTES * 60_000,
      // Payload's per-account interval reserves the account with a write outside the operation's own
      // transaction, which waits forever behind it on SQLite's single writer (cms/db/adapter.ts).
      // Requests are bounded per IP by RATE_LIMIT_LOGIN instead.
      minRequestInterval: 0,
      generateEmailSubject: () => recoveryEmail.subject,
      generateEmailHTML: (args) => recoveryEmail.html(String(args?.token ?? '')),
    },
  },
  hooks: {
    beforeOperation: [guardLogin],
    afterLogin: [afterLogin],
    afterLogout: [afterLogout],
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
