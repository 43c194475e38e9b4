import type { Access } from 'payload'
import { roleOf } from './roles'

/** Any logged-in admin user, admin or editor: the site's content. */
export const isStaff: Access = ({ req: { user } }) => roleOf(user) !== null
