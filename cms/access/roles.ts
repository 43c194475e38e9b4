import type { FieldAccess, TypedUser } from 'payload'

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
