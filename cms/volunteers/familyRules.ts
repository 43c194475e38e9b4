import type { CollectionBeforeDeleteHook } from 'payload'
import { refuse } from '../hooks/refuse'
import { SIGNUPS } from './places'

const EXCUSALS = 'volunteer-excusals'

/**
 * The memberships' records the volunteers' name (by slug, ./model.ts `reactions`): a household deleted at the
 * family's request takes the hours excused it (its sign-ups stay, without the family); a season with hours excused
 * stays, as it does with memberships.
 */
export const forgetExcusedHours: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: EXCUSALS, where: { household: { equals: id } }, req, depth: 0, overrideAccess: true })
  // Its sign-ups no longer name it (bookkeeping, no hooks): SQLite's foreign key would, MongoDB keeps no such rule.
  await req.payload.db.updateMany({ collection: SIGNUPS, where: { household: { equals: id } }, data: { household: null }, req })
}

export const seasonKeptWhileExcused: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({ collection: EXCUSALS, where: { season: { equals: id } }, req, overrideAccess: true })
  if (totalDocs > 0) throw refuse(409, 'This season has volunteer hours excused and cannot be deleted')
}
