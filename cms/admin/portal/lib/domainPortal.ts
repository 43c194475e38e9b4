import { createContext, use, type ComponentType } from 'react'

/**
 * What a domain adds to the portal (docs/decisions/017): its tabs, and a panel on the Overview. The portal's root
 * (cms/admin/views/PortalApp.tsx) lists the domains' portals and hands them down; nothing in this folder names a
 * domain.
 */
export type PortalTab = {
  value: string
  label: string
  Panel: ComponentType
  /** Editors see it too (docs/roles.md); most domains' tabs hold members' data: admins only. */
  editors?: boolean
}
export type DomainPortal = { tabs?: PortalTab[]; Overview?: ComponentType }

export const DomainPortals = createContext<DomainPortal[]>([])

/** The domains' panels on the Overview, in the order the root lists the domains. */
export const useDomainOverviews = () => use(DomainPortals).flatMap((d) => (d.Overview ? [d.Overview] : []))
