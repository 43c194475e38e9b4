import type { Payload, PayloadRequest } from 'payload'
import { duesAmount, isJoinable, type PublicLevel, type TaxTreatment } from '#shared/membership'
import type { MembershipLevel, Season } from '../payload-types'
import { clubDayOf } from '../env'

/**
 * Which season families join today and what they may join at (docs/MEMBERSHIP.md "Seasons"). Read by the
 * server for the visitor (no access control: only what /join shows leaves here).
 */

const system = { depth: 0, overrideAccess: true } as const

/**
 * The season open for joining on `day`: joinable then (from its start or its renewal opening to its end),
 * the latest to start when two overlap (a renewal for next season opens before this one ends), or null.
 */
export async function openSeason(payload: Payload, day = clubDayOf(), req?: PayloadRequest): Promise<Season | null> {
  const { docs } = await payload.find({
    collection: 'seasons',
    where: { endsOn: { greater_than_equal: day } },
    sort: '-startsOn',
    pagination: false,
    ...(req ? { req } : {}),
    ...system,
  })
  return docs.find((season) => isJoinable(season, day)) ?? null
}

/** The season before `season` (the one that ended last before it started), or null: whose members renew. */
export async function previousSeason(payload: Payload, season: Pick<Season, 'startsOn'>, req?: PayloadRequest): Promise<Season | null> {
  const { docs } = await payload.find({
    collection: 'seasons',
    where: { startsOn: { less_than: season.startsOn } },
    sort: '-startsOn',
    limit: 1,
    ...(req ? { req } : {}),
    ...system,
  })
  return docs[0] ?? null
}

/** A level as GET /api/membership/levels and /join show it (amounts as the API writes money). */
export const publicLevel = (level: MembershipLevel, season: Season, day: string): PublicLevel => ({
  id: level.id,
  name: level.name,
  description: level.description ?? '',
  season: season.id,
  seasonLabel: season.label,
  price: level.price,
  perAdditionalAthlete: level.perAdditionalAthlete ?? '0.00',
  householdCap: level.householdCap ?? null,
  latePrice: level.latePrice ?? null,
  lateFrom: level.lateFrom ?? null,
  benefitsValue: level.taxTreatment === 'contribution-with-benefits' ? (level.benefitsValue ?? '0.00') : '0.00',
  benefits: Array.isArray(level.benefits) ? (level.benefits as string[]) : [],
  taxTreatment: level.taxTreatment as TaxTreatment,
  priceToday: duesAmount(level, 1, day),
  refundDays: season.refundDays ?? 7,
})

/** The open season's levels on offer, in their order: what /join offers today ([] when no season is open). */
export async function levelsOnOffer(payload: Payload, day = clubDayOf()): Promise<PublicLevel[]> {
  const season = await openSeason(payload, day)
  if (!season) return []
  const { docs } = await payload.find({
    collection: 'membership-levels',
    where: { and: [{ season: { equals: season.id } }, { onOffer: { equals: true } }] },
    sort: ['displayOrder', 'createdAt'],
    pagination: false,
    ...system,
  })
  return docs.map((level) => publicLevel(level, season, day))
}
