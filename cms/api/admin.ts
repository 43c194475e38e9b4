import { Router } from 'express'
import type { Payload } from 'payload'
import { requireAdmin } from '../http/requireAdmin'
import { listRouter } from './crud'
import { emailStatusRouter } from './emailStatus'
import { historyRouter } from './history'
import { summaryRouter } from './summary'
import { requireSecondFactorWhenDemanded } from './twoFactor'
import { auditEntry } from './shapes'

/** Everything under /api/admin except the session calls, the domains' included (`domainRouters`); mounted behind requireStaff. */
export function adminRouter(payload: Payload, domainRouters: Router[] = []): Router {
  const router = Router()
  // While the club requires it, an admin without two-factor sign-in must set it up first (cms/api/twoFactor.ts).
  router.use(requireSecondFactorWhenDemanded(payload))

  // The Overview's money figures and the audit log are the admins' alone (docs/roles.md);
  // the domains' routers guard their own paths the same way.
  router.use(['/summary', '/audit-log', '/email-status'], requireAdmin)

  router.use('/summary', summaryRouter(payload))
  router.use('/email-status', emailStatusRouter(payload))
  // Read-only: the audit log has no write endpoint, and its collection refuses every API write.
  router.use('/audit-log', listRouter(payload, 'audit-log', '-createdAt', auditEntry))

  // Undo: each versioned record's saves, and Restore (docs/roles.md "Undo").
  router.use('/history', historyRouter(payload))

  for (const domainRouter of domainRouters) router.use(domainRouter)
  return router
}
