import { createContext, use, type ComponentType } from 'react'
import type { AdminGame } from '#shared/api'

/**
 * What a domain adds to the portal (docs/decisions/017): its tabs, a panel on the Overview, a line on each
 * household of the Members tab, and an action on a game's row of the Games tab. The portal's root
 * (cms/admin/views/PortalApp.tsx) lists the domains' portals and hands them down; nothing in this folder names a
 * domain.
 */
export type PortalTab = {
  value: string
  label: string
  Panel: ComponentType
  /** Editors see it too (docs/roles.md); most domains' tabs hold members' data: admins only. */
  editors?: boolean
  /** The tab it follows (a tab of the spec's order); else, or when that tab is not shown, it comes before the last. */
  after?: string
  /** The spec's last tab (Content): after every other. */
  last?: boolean
}
/**
 * A domain's line on each household of the Members tab (the volunteers' "6 of 10 hours this season"): the
 * household and the season the tab shows.
 */
export type HouseholdLine = ComponentType<{ household: string; season: string }>
/** A domain's action on a game's row of the Games tab (the volunteers' shifts for a home game ahead). */
export type GameAction = ComponentType<{ game: AdminGame }>
export type DomainPortal = { tabs?: PortalTab[]; Overview?: ComponentType; householdLine?: HouseholdLine; gameAction?: GameAction }

export const DomainPortals = createContext<DomainPortal[]>([])

/** The domains' panels on the Overview, in the order the root lists the domains. */
export const useDomainOverviews = () => use(DomainPortals).flatMap((d) => (d.Overview ? [d.Overview] : []))

/** The domains' lines on a household's row (the Members tab), in the order the root lists the domains. */
export const useHouseholdLines = () => use(DomainPortals).flatMap((d) => (d.householdLine ? [d.householdLine] : []))

/** The domains' actions on a game's row (the Games tab), in the order the root lists the domains. */
export const useGameActions = () => use(DomainPortals).flatMap((d) => (d.gameAction ? [d.gameAction] : []))
