import type { NextFunction, Request, Response } from 'express'
import { HttpError } from './errors'

/**
 * Money and inbox paths are for the club's admins, not content editors: any
 * role other than `admin` gets 403 (roles: docs/payments.md). Mounted after requireAdmin.
 */
export function adminRoleOnly(req: Request, _res: Response, next: NextFunction) {
  const role = (req.admin as { role?: string } | undefined)?.role ?? 'admin'
  if (role !== 'admin') return next(new HttpError(403, 'Only an admin can see or change money records and the inbox'))
  next()
}
