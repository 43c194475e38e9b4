import { ValidationError, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { isAdminOrSelf } from '../access/isAdminOrSelf'
import { adminOnlyField, roleOf, ROLES } from '../access/roles'
import { nobody } from '../access/nobody'
import {
  afterPasswordChange,
  currentPasswordForChange,
  emailChangeMailed,
  emailChangesWaitForConfirmation,
  invitedInsteadOfPassword,
  invitationSent,
} from '../auth/accountChanges'
import { RECOVERY_LINK_MINUTES } from '../auth/accountMail'
import { afterLogin, afterLogout, afterRefresh, guardLogin } from '../auth/loginGuard'
import { securityConfig } from '../security/config'
import { checkPasswordPolicy } from '../security/passwords'
import { GROUP } from './groups'

/**
 * A new password, by whatever path, is the owner's own: the one-time password's flag goes, unless this very save
 * turns it on (`data` holds the stored values too, so "turns on" is: differs from the stored one).
 */
const clearOneTimePassword: CollectionBeforeChangeHook = ({ data, operation, originalDoc }) =>
  operation === 'update' && typeof data.password === 'string' && data.passwordChangeRequired === originalDoc?.passwordChangeRequired
    ? { ...data, passwordChangeRequired: false }
    : data

/** Never in any API answer nor in Payload's admin, readable or writable by nobody but the server (Local API with overrideAccess, or the db adapter). */
const SECRET_FIELD = {
  hidden: true,
  access: { read: () => false, create: () => false, update: () => false },
} as const

/**
 * The people who run the club's site. Login is by username; the email is where an invitation, "Forgot password?"
 * and a new address's confirmation go (cms/auth/accountMail.ts). An admin creates an account with an email and
 * never its password: the new member chooses her own from the invitation (cms/auth/accountChanges.ts).
 * `admin` may do everything; `editor` edits the site's content (docs/roles.md).
 * Payload's own lockout (maxLoginAttempts) stays off: it let anyone lock the
 * owner out. The hooks throttle per account and source instead
 * (cms/auth/throttle.ts), on every login path: ours and Payload's own
 * /cms-api/admin-users/login alike.
 */
export const AdminUsers: CollectionConfig = {
  slug: 'admin-users',
  labels: { singular: 'Staff account', plural: 'Staff accounts' },
  admin: {
    group: GROUP.accounts,
    useAsTitle: 'username',
    defaultColumns: ['username', 'role', 'email', 'totpEnabled'],
    listSearchableFields: ['username', 'email'],
    description: 'The people who sign in to run the site: admins do everything, editors keep the content current.',
  },
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    useSessions: true,
    tokenExpiration: securityConfig.sessionSeconds,
    maxLoginAttempts: 0,
    cookies: { sameSite: 'Lax', secure: securityConfig.secureCookies },
    // Recovery links open our admin and expire after 30 minutes. Payload's REST forgot-password and
    // reset-password are closed (cms/admin/next.ts): ours issue its token and mail it through the outbox.
    forgotPassword: {
      expiration: RECOVERY_LINK_MINUTES * 60_000,
      // Payload's per-account interval reserves the account with a write outside the operation's own
      // transaction, which waits forever behind it on SQLite's single writer (cms/db/adapter.ts).
      // Requests are bounded per IP by RATE_LIMIT_LOGIN instead.
      minRequestInterval: 0,
    },
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
    beforeOperation: [guardLogin, currentPasswordForChange, invitedInsteadOfPassword],
    afterChange: [afterPasswordChange, invitationSent, emailChangeMailed],
    afterLogin: [afterLogin],
    afterRefresh: [afterRefresh],
    afterLogout: [afterLogout],
    // Accounts added or changed in Payload's admin follow the same password policy as first-time setup.
    beforeChange: [clearOneTimePassword, emailChangesWaitForConfirmation],
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
    // The email box, an email change waiting for its confirmation, and (admins) the invitation's state and link
    // (cms/admin/fields/StaffAccountEmail.tsx): Payload shows no email box for a login by username.
    { name: 'emailAndInvitation', type: 'ui', admin: { components: { Field: '/fields/StaffAccountEmail#StaffAccountEmail' } } },
    {
      name: 'pendingEmail',
      label: 'New email, waiting for its confirmation',
      type: 'text',
      maxLength: 254,
      access: { create: nobody, update: nobody },
      admin: { hidden: true },
    },
    // Set while the account's owner has not chosen her password from her invitation (cms/auth/recovery.ts).
    { name: 'invitedAt', type: 'date', access: { create: nobody, update: nobody }, admin: { hidden: true } },
    { name: 'emailChangeToken', type: 'text', ...SECRET_FIELD },
    { name: 'emailChangeExpiration', type: 'date', ...SECRET_FIELD },
    {
      name: 'role',
      type: 'select',
      options: [...ROLES],
      required: true,
      defaultValue: 'editor',
      admin: { description: 'admin: everything, money included; editor: the site’s content only.' },
      saveToJWT: true,
      access: { create: adminOnlyField, update: adminOnlyField },
    },
    // The second factor (cms/auth/totp.ts). Only the server writes these, through
    // /api/admin/account/two-factor; whether it is on may be read, the secrets never.
    {
      name: 'totpEnabled',
      label: 'Two-factor sign-in',
      type: 'checkbox',
      defaultValue: false,
      access: { create: () => false, update: () => false },
      admin: {
        readOnly: true,
        description: 'Turned on by the account owner under Account in the admin portal.',
        // The account list says who has it on, in words.
        components: { Cell: '/fields/TextFlag#OnOffCell' },
      },
    },
    ...(['totpSecret', 'totpPendingSecret'] as const).map((name) => ({ name, type: 'text' as const, ...SECRET_FIELD })),
    { name: 'totpLastStep', type: 'number', ...SECRET_FIELD },
    /** HMAC-SHA256 hashes of the unused recovery codes. */
    { name: 'recoveryCodes', type: 'json', ...SECRET_FIELD },
    // Set on an account made with a password someone else saw (`admin-create`): its login asks for a new password
    // first (cms/auth/loginGuard.ts). Any change of the password clears it (clearOneTimePassword).
    {
      name: 'passwordChangeRequired',
      label: 'Must choose a new password',
      type: 'checkbox',
      defaultValue: false,
      access: { create: () => false, update: () => false },
      admin: { readOnly: true, description: 'Set when the account was created on the server; cleared by its first sign-in.' },
    },
  ],
}
