import type { CollectionBeforeChangeHook } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { formatHours, hoursMissing } from '#shared/volunteers'
import type { Household, Season, VolunteerSetting } from '../payload-types'
import { clubDayOf } from '../env'
import { refuse } from '../hooks/refuse'
import { householdHours } from './hours'
import { idOf } from './places'

/**
 * A volunteer-hours buy-out (docs/VOLUNTEERS.md "Buy-out"): when the club offers it, a household pays, at the
 * club's price per hour, for hours of a season it has not worked. It is a dues payment of its own kind (the
 * books, deposits, receipts and refunds read it as they read dues: cms/membership/dues.ts) and always a fee for
 * program participation, never a contribution. Added to the `dues` collection by slug (./model.ts `reactions`), so
 * every door that writes a payment obeys it.
 */
export const buyOutRules: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || data.kind !== 'volunteer-buy-out') return data
  const system = { req, depth: 0, overrideAccess: true } as const
  const settings = (await req.payload.findGlobal({ slug: 'volunteer-settings', ...system })) as VolunteerSetting
  if (!settings.buyOutEnabled || !settings.buyOutPricePerHour)
    throw refuse(409, 'The club does not offer a volunteer-hours buy-out (an admin turns it on in the volunteer settings)')
  const hours = Number(data.hours)
  if (!Number.isFinite(hours) || hours <= 0 || Math.round(hours * 100) !== hours * 100)
    throw refuse(400, 'hours: A number of hours above 0 (to the hundredth)')
  if (typeof data.receivedAt === 'string' && data.receivedAt.slice(0, 10) > clubDayOf())
    throw refuse(400, `receivedOn: ${data.receivedAt.slice(0, 10)} has not come yet`)
  const [household, season] = await Promise.all([
    data.household
      ? (req.payload.findByID({
          collection: 'households',
          id: idOf(data.household)!,
          disableErrors: true,
          ...system,
        }) as Promise<Household | null>)
      : null,
    data.season
      ? (req.payload.findByID({ collection: 'seasons', id: idOf(data.season)!, disableErrors: true, ...system }) as Promise<Season | null>)
      : null,
  ])
  if (!household) throw refuse(400, 'household: No such household')
  if (!season) throw refuse(400, 'season: No such season')
  const owed = await householdHours(req.payload, String(household.id), season, req)
  const missing = hoursMissing(owed)
  if (hours > missing)
    throw refuse(
      409,
      missing === 0
        ? `${household.name} owes no more hours in ${season.label}: nothing to buy out`
        : `${household.name} has ${formatHours(missing)} hours left to work in ${season.label}: no more can be bought out`,
    )
  const addressee = household.adults.find((a) => a.receivesMail !== false) ?? household.adults[0]
  return {
    ...data,
    household: household.id,
    season: season.id,
    hours,
    amount: formatCents(Math.round(toCents(settings.buyOutPricePerHour) * hours)),
    payerName: addressee?.name ?? household.name,
    payerEmail: addressee?.email ?? null,
    what: `${season.label}, ${formatHours(hours)} volunteer ${hours === 1 ? 'hour' : 'hours'} bought out`,
  }
}
