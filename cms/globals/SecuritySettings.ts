import type { GlobalAfterChangeHook, GlobalConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { audit } from '../audit/log'
import { clientAddressOf } from '../security/clientAddress'
import { GROUP } from '../collections/groups'

export const SECURITY_SETTINGS = 'security-settings'

/** A change is audited like a collection edit, whichever API made it (Payload's admin or /api/admin/account). */
const recordChange: GlobalAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (Boolean(previousDoc?.requireTotpForAdmins) === Boolean(doc?.requireTotpForAdmins)) return doc
  const actor = req.user ? String((req.user as { username?: unknown }).username ?? req.user.id) : 'system'
  await audit(
    req.payload,
    {
      event: 'update',
      actor,
      ip: clientAddressOf(req.headers),
      targetCollection: SECURITY_SETTINGS,
      changedFields: ['requireTotpForAdmins'],
    },
    req,
  )
  return doc
}

/** Club-wide sign-in rules, for admins only (SECURITY.md §1, docs/roles.md). */
export const SecuritySettings: GlobalConfig = {
  slug: SECURITY_SETTINGS,
  label: 'Security settings',
  admin: { group: GROUP.accounts },
  access: { read: isAdmin, update: isAdmin },
  hooks: { afterChange: [recordChange] },
  fields: [
    {
      name: 'requireTotpForAdmins',
      label: 'Require two-factor sign-in for admins',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'When on, an admin without two-factor sign-in can only set it up (under Account in the admin portal) before doing anything else. Editors are not affected.',
      },
    },
  ],
}
