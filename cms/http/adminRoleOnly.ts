import type { NextFunction, Request, Response } from 'express'
import { roleOf } from '../access/roles'
import { HttpError } from './errors'

/**
 * Money, inbox and audit paths are for the club's admins, not content editors:
 * any role other than `admin` gets 403 (docs/roles.md). Mounted after requireAdmin.
 * The collections' own access rules (cms/access/) say the same for Payload's REST.
 */
export function adminRoleOnly(req: Request, _res: Response, next: NextFunction) {
  if (roleOf(req.admin) !== 'admin') return next(new HttpError(403, 'Only an admin can see or change money records and the inbox'))
  next()
}
