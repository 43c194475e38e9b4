import { Router } from 'express'
import type { Payload } from 'payload'
import { teamMemberRecord, teamMemberSchema, teamMemberUpdateSchema } from '#shared/schemas'
import { crudRouter } from '../api/crud'
import { adminPlayer } from './shapes'

/** /api/admin/team: staff keep the roster (list, add, edit, remove), the API calling `number` jerseyNumber. */
export function teamAdminApi(payload: Payload): Router {
  return Router().use(
    '/team',
    crudRouter(payload, {
      collection: 'team-members',
      label: 'Team member',
      sort: ['displayOrder', 'number'],
      createSchema: teamMemberSchema,
      updateSchema: teamMemberUpdateSchema,
      toApi: adminPlayer,
      toData: teamMemberRecord,
    }),
  )
}
