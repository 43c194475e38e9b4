import { APIError, type FieldAccess, type FieldHook, type TypedUser } from 'payload'

export const ROLES = ['admin', 'editor'] as const
export type Role = (typeof ROLES)[number]

/** The role of a logged-in admin user, or null for anyone else (visitors, site members). */
export function roleOf(user: TypedUser | null | undefined): Role | null {
  if (user?.collection !== 'admin-users') return null
  const role = (user as { role?: string }).role
  return ROLES.find((r) => r === role) ?? null
}

/** Field-level: only an admin may set this field (roles, campaign money). */
export const adminOnlyField: FieldAccess = ({ req: { user } }) => roleOf(user) === 'admin'

/**
 * Field hook beside `adminOnlyField`: an editor who sends another value is refused (403, with `refusal` as the
 * message: "Only an admin can change campaign goals") on every path instead of being silently ignored, so nobody
 * believes a change was made (docs/roles.md). Compares as text, so "240" and "240.00" run after the money field's
 * own canonical form. Payload's editor shows such a field read-only to editors (its `access.update`).
 */
export const refusedToEditors =
  (refusal: string): FieldHook =>
  ({ value, originalDoc, operation, field, req }) => {
    // A version restore keeps the stored value instead (hooks/keepOnRestore.ts).
    const name = 'name' in field ? field.name : undefined
    if (roleOf(req.user) !== 'editor' || value === undefined || !name || req.context?.isRestoringVersion) return value
    const blank = (v: unknown) => v == null || v === ''
    const stored = operation === 'update' ? originalDoc?.[name] : undefined
    const same = blank(value) ? blank(stored) : String(value) === String(stored)
    if (!same) throw new APIError(refusal, 403, null, true)
    return value
  }

/** A field only admins set: read-only for editors in Payload's editor, and an editor's other value refused with `refusal`. */
export const adminOnlyValue = (refusal: string) => ({
  access: { create: adminOnlyField, update: adminOnlyField },
  hooks: { beforeValidate: [refusedToEditors(refusal)] },
})
