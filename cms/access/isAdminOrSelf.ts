import type { Access } from 'payload'
import { roleOf } from './roles'

/** An admin sees every account; an editor only their own (Payload's account view). */
export const isAdminOrSelf: Access = ({ req: { user } }) => {
  const role = roleOf(user)
  if (role === 'admin') return true
  return role ? { id: { equals: user!.id } } : false
}
