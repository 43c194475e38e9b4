import type { NextFunction, Request, Response } from 'express'
import { roleOf } from '../access/roles'
import { HttpError } from './errors'

/**
 * The HTTP twin of `isAdmin` (cms/access/isAdmin.ts): money, inbox, audit and
 * security settings are the club's admins', not content editors': any role
 * other than `admin` gets 403 (docs/roles.md). Mounted after requireStaff.
 * The collections' own access rules say the same for Payload's REST.
 */
export function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  if (roleOf(req.staff) !== 'admin')
    return next(new HttpError(403, 'Only an admin can see or change this (money, inbox, audit log, security settings)'))
  next()
}
