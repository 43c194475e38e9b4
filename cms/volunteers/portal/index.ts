import type { DomainPortal } from '#portal/lib/domainPortal.ts'
import { GameShiftsAction } from './GameShifts'
import { HoursLine } from './HoursLine'
import { VolunteersTab } from './VolunteersTab'

/**
 * The volunteers' part of the portal (a browser bundle, built by Next): the Volunteers tab, which editors see too
 * (an event's coordinator is one; what each may do there the collections' access decides), each household's
 * hours on the Members tab, and a home game's shifts made from its row on the Games tab.
 */
export const volunteersPortal: DomainPortal = {
  tabs: [{ value: 'volunteers', label: 'Volunteers', Panel: VolunteersTab, editors: true }],
  householdLine: HoursLine,
  gameAction: GameShiftsAction,
}
