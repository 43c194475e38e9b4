import type { Access } from 'payload'
import { roleOf } from './roles'

/** Staff read every page; anyone else only published ones. */
export const publishedOrStaff: Access = ({ req: { user } }) => (roleOf(user) ? true : { published: { equals: true } })
