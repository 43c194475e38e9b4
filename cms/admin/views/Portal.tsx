import { PortalClient } from './PortalClient'

/**
 * The spec's admin portal as Payload views (payload.config.ts
 * `admin.components.views`): the login card with its first-time setup dialog
 * at /admin/login and /admin/create-first-user, the six-tab dashboard at
 * /admin. Both mount the portal's AdminPage (cms/portal), so the screens stay the
 * spec's word for word; Payload's collection editors sit in its nav beside.
 */
export function PortalDashboard() {
  return <PortalClient screen="dashboard" />
}

export function PortalLogin() {
  return <PortalClient screen="login" />
}
