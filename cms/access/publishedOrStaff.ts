import type { Access } from 'payload'
import { roleOf } from './roles'

/** Staff read every page, drafts included; anyone else only published ones (Payload's drafts: `_status`). */
export const publishedOrStaff: Access = ({ req: { user } }) => (roleOf(user) ? true : { _status: { equals: 'published' } })
