import type { Access } from 'payload'
import { roleOf } from './roles'

/** Only a logged-in admin (role `admin`): money, inbox, user accounts. */
export const isAdmin: Access = ({ req: { user } }) => roleOf(user) === 'admin'
