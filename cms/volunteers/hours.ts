import type { Payload, PayloadRequest } from 'payload'
import { hoursRequired, type HouseholdHours } from '#shared/volunteers'
import type { Household, Season } from '../payload-types'
import { clubDayOf } from '../env'
import { EVENTS, idOf, SIGNUPS } from './places'

/**
 * Each family's hours (docs/VOLUNTEERS.md "Hours"): the season (the memberships' own, read by slug) says what a
 * household owes, per household and per athlete after the first; hours are credited when a volunteer of the
 * household is checked in on a shift of an event within the season; an admin may excuse hours with a reason, or
 * record hours bought out when the club offers it (./buyOut.ts).
 */

const system = { depth: 0, overrideAccess: true } as const
const EXCUSALS = 'volunteer-excusals'
/** A payment's statuses while the club holds its money (a refunded or voided buy-out buys no hours). */
const HELD = ['completed', 'partially_refunded']

/** The season of today (the club's day), else the one that started last; null before any. */
export async function currentSeason(payload: Payload, day = clubDayOf()): Promise<Season | null> {
  const { docs } = await payload.find({
    collection: 'seasons',
    where: { startsOn: { less_than_equal: day } },
    sort: '-startsOn',
    limit: 1,
    ...system,
  })
  return (docs[0] as Season | undefined) ?? null
}

const sum = (values: Array<number | null | undefined>) => Math.round(values.reduce<number>((total, v) => total + (v ?? 0), 0) * 100) / 100

/** Hours credited, excused and bought out by household in a season (every household that has any). */
async function tallies(payload: Payload, season: Season, households?: string[], req?: PayloadRequest) {
  const system = { depth: 0, overrideAccess: true, req } as const
  const { docs: events } = await payload.find({
    collection: EVENTS,
    where: { and: [{ day: { greater_than_equal: season.startsOn } }, { day: { less_than_equal: season.endsOn } }] },
    pagination: false,
    select: { day: true },
    ...system,
  })
  const only = households ? [{ household: { in: households } }] : []
  const { docs: signups } = events.length
    ? await payload.find({
        collection: SIGNUPS,
        where: {
          and: [{ event: { in: events.map((e) => e.id) } }, { status: { equals: 'checked-in' } }, ...only],
        },
        pagination: false,
        select: { household: true, hoursCredited: true },
        ...system,
      })
    : { docs: [] }
  const { docs: excusals } = await payload.find({
    collection: EXCUSALS,
    where: { and: [{ season: { equals: season.id } }, ...only] },
    pagination: false,
    ...system,
  })
  // Hours bought out: the season's buy-outs the club still holds the money of (./buyOut.ts).
  const { docs: buyOuts } = await payload.find({
    collection: 'dues',
    where: {
      and: [{ kind: { equals: 'volunteer-buy-out' } }, { season: { equals: season.id } }, { status: { in: HELD } }, ...only],
    },
    pagination: false,
    select: { household: true, hours: true },
    ...system,
  })
  const credited = new Map<string, number[]>()
  const excused = new Map<string, number[]>()
  const boughtOut = new Map<string, number[]>()
  for (const b of buyOuts) boughtOut.set(idOf(b.household)!, [...(boughtOut.get(idOf(b.household)!) ?? []), b.hours ?? 0])
  for (const s of signups) {
    const household = idOf(s.household)
    if (household) credited.set(household, [...(credited.get(household) ?? []), s.hoursCredited ?? 0])
  }
  for (const e of excusals) excused.set(idOf(e.household)!, [...(excused.get(idOf(e.household)!) ?? []), e.hours])
  return {
    credited: (id: string) => sum(credited.get(id) ?? []),
    excused: (id: string) => sum(excused.get(id) ?? []),
    boughtOut: (id: string) => sum(boughtOut.get(id) ?? []),
  }
}

const hoursOf = (
  season: Season,
  household: Pick<Household, 'id' | 'athletes'>,
  t: Awaited<ReturnType<typeof tallies>>,
): HouseholdHours => ({
  season: { id: String(season.id), label: season.label },
  credited: t.credited(String(household.id)),
  excused: t.excused(String(household.id)),
  boughtOut: t.boughtOut(String(household.id)),
  required: hoursRequired(season.volunteerHours ?? {}, household.athletes?.length ?? 0),
})

/**
 * One household's hours in the current season, or the one given (/member, a buy-out); read in `req`'s transaction
 * when given, so a buy-out counts what is bought out as it stands when its own write is made.
 */
export async function householdHours(payload: Payload, householdId: string, of?: Season, req?: PayloadRequest): Promise<HouseholdHours> {
  const [season, household] = await Promise.all([
    of ?? currentSeason(payload),
    payload.findByID({ collection: 'households', id: householdId, ...system, disableErrors: true }) as Promise<Household | null>,
  ])
  if (!season || !household) return { season: null, credited: 0, excused: 0, boughtOut: 0, required: 0 }
  return hoursOf(season, household, await tallies(payload, season, [householdId], req))
}

export type HouseholdHoursRow = HouseholdHours & { householdId: string; household: string }

/** Every household's hours in a season (the current one unless named): the admins' list and CSV. */
export async function seasonHours(payload: Payload, seasonId?: string): Promise<{ season: Season | null; rows: HouseholdHoursRow[] }> {
  const season = seasonId
    ? ((await payload.findByID({ collection: 'seasons', id: seasonId, ...system, disableErrors: true })) as Season | null)
    : await currentSeason(payload)
  if (!season) return { season: null, rows: [] }
  const [{ docs: households }, t] = await Promise.all([
    payload.find({ collection: 'households', sort: 'name', pagination: false, select: { name: true, athletes: true }, ...system }),
    tallies(payload, season),
  ])
  return {
    season,
    rows: households.map((h) => ({ householdId: String(h.id), household: h.name, ...hoursOf(season, h, t) })),
  }
}
