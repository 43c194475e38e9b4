import { Router, type Request } from 'express'
import type { Payload } from 'payload'
import { buyOutSchema } from '#shared/schemas'
import { formatHours, hoursMissing, SIGNUP_STATUS_LABELS, type SignupStatus } from '#shared/volunteers'
import type { Season, VolunteerEvent, VolunteerShift, VolunteerSignup } from '../payload-types'
import { roleOf } from '../access/roles'
import { toCsv, sendCsv } from '../api/csv'
import { clubDayOf } from '../env'
import { inTransaction } from '../db/transaction'
import { HttpError } from '../http/errors'
import { requireAdmin } from '../http/requireAdmin'
import { isPlausibleId, parseBody } from '../http/validate'
import { kickOutbox } from '../outbox/outbox'
import { makeShiftsForGame } from './games'
import { currentSeason, householdHours, seasonHours } from './hours'
import { whenInWords } from './mail'
import { EVENTS, idOf, SHIFTS, shiftsOfEvent, SIGNUPS } from './places'

const system = { depth: 0, overrideAccess: true } as const
const idParam = (req: Request, name = 'id') => {
  const id = String(req.params[name])
  if (!isPlausibleId(id)) throw new HttpError(404, 'Not found')
  return id
}

/** The event, if the staff member may run it: an admin, or its coordinator. Else 404 (the same as none). */
async function eventRunBy(payload: Payload, req: Request, eventId: string): Promise<VolunteerEvent> {
  const event = (await payload.findByID({ collection: EVENTS, id: eventId, ...system, disableErrors: true })) as VolunteerEvent | null
  if (!event || (roleOf(req.staff) !== 'admin' && idOf(event.coordinator) !== String(req.staff!.id)))
    throw new HttpError(404, 'No such event of yours: its coordinator or an admin runs it')
  return event
}

const ROSTER_COLUMNS = ['Shift', 'When', 'Name', 'Email', 'Phone', 'Status', 'Hours credited'] as const
const HOURS_COLUMNS = [
  'Household',
  'Season',
  'Hours credited',
  'Hours excused',
  'Hours bought out',
  'Hours required',
  'Hours missing',
] as const

/**
 * The volunteers' /api/admin routes (docs/API.md "Volunteers"): what is more than one record's change. The
 * portal reads and changes single records through Payload's REST (/cms-api), where the collections' access and
 * rules apply: a coordinator reads their event's roster there and checks people in.
 */
export function volunteerAdminApi(payload: Payload): Router {
  const router = Router()

  // "Make gate and concession shifts for this home game" (admins).
  router.post('/volunteer/games/:id/shifts', requireAdmin, async (req, res) => {
    const event = await makeShiftsForGame(payload, idParam(req), { user: req.staff! })
    res.status(201).json({ id: event.id, title: event.title, day: event.day, status: event.status })
  })

  // Closing a shift on the day: whoever is still only confirmed did not come (the coordinator or an admin).
  router.post('/volunteer/shifts/:id/close', async (req, res) => {
    const shiftId = idParam(req)
    const result = await inTransaction(payload, req.staff!, async (tx) => {
      const shift = (await payload.findByID({
        collection: SHIFTS,
        id: shiftId,
        ...system,
        req: tx,
        disableErrors: true,
      })) as VolunteerShift | null
      if (!shift) throw new HttpError(404, 'No such shift')
      await eventRunBy(payload, req, idOf(shift.event)!)
      if (Date.parse(shift.startsAt) > Date.now()) throw new HttpError(409, 'A shift is closed once it has started')
      const { docs } = await payload.find({
        collection: SIGNUPS,
        where: { and: [{ shift: { equals: shiftId } }, { status: { in: ['confirmed', 'offered'] } }] },
        pagination: false,
        ...system,
        req: tx,
      })
      // Allowed by eventRunBy above; the sign-ups' own rules still apply. An offer not taken by now has lapsed.
      for (const signup of docs)
        await payload.update({
          collection: SIGNUPS,
          id: signup.id,
          data: signup.status === 'offered' ? { status: 'cancelled', statusNote: 'The offer lapsed' } : { status: 'no-show' },
          ...system,
          req: tx,
        })
      await payload.update({
        collection: SHIFTS,
        id: shiftId,
        data: { closedAt: shift.closedAt ?? new Date().toISOString() },
        ...system,
        req: tx,
      })
      return { noShows: docs.filter((s) => s.status === 'confirmed').length }
    })
    kickOutbox()
    res.json(result)
  })

  // The event's roster with addresses and phones (its coordinator, admins).
  router.get('/volunteer/events/:id/roster.csv', async (req, res) => {
    const event = await eventRunBy(payload, req, idParam(req))
    const rows = []
    for (const shift of await shiftsOfEvent(payload, event.id)) {
      const { docs } = await payload.find({
        collection: SIGNUPS,
        where: { shift: { equals: shift.id } },
        sort: 'createdAt',
        pagination: false,
        ...system,
      })
      for (const s of docs as VolunteerSignup[])
        rows.push({
          Shift: shift.role,
          When: whenInWords(shift),
          Name: s.name,
          Email: s.email,
          Phone: s.phone ?? '',
          Status: SIGNUP_STATUS_LABELS[s.status as SignupStatus],
          'Hours credited': s.hoursCredited ? formatHours(s.hoursCredited) : '',
        })
    }
    sendCsv(
      res,
      `volunteers-${event.day}-${event.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 40)}-exported-${clubDayOf()}`,
      toCsv(ROSTER_COLUMNS, rows),
    )
  })

  // Every household's hours this season, or the season named (admins): the list and its CSV.
  router.get('/volunteer/hours', requireAdmin, async (req, res) => {
    const { season, rows } = await seasonHours(payload, seasonParam(req))
    res.json({ season: season && { id: season.id, label: season.label }, rows })
  })
  router.get('/volunteer/hours.csv', requireAdmin, async (req, res) => {
    const { season, rows } = await seasonHours(payload, seasonParam(req))
    if (!season) throw new HttpError(404, 'No season yet: add one in the Members tab')
    const records = rows.map((r) => ({
      Household: r.household,
      Season: season.label,
      'Hours credited': formatHours(r.credited),
      'Hours excused': formatHours(r.excused),
      'Hours bought out': formatHours(r.boughtOut),
      'Hours required': formatHours(r.required),
      'Hours missing': formatHours(hoursMissing(r)),
    }))
    sendCsv(res, `volunteer-hours-${season.label.replace(/[^A-Za-z0-9]+/g, '-')}-exported-${clubDayOf()}`, toCsv(HOURS_COLUMNS, records))
  })
  // A household buys out hours it has not worked in a season (the current one unless named), paid in person by cash
  // or check (admins; the rules are the dues collection's: ./buyOut.ts). Its receipt is mailed as for dues.
  router.post('/volunteer/households/:id/buy-out', requireAdmin, async (req, res) => {
    const { hours, method, receivedOn, checkNumber, season: seasonId } = parseBody(req, buyOutSchema)
    const household = await payload.findByID({ collection: 'households', id: idParam(req), ...system, disableErrors: true })
    if (!household) throw new HttpError(404, 'No such household')
    const season = seasonId
      ? ((await payload.findByID({ collection: 'seasons', id: seasonId, ...system, disableErrors: true })) as Season | null)
      : await currentSeason(payload)
    if (!season) throw new HttpError(seasonId ? 404 : 409, seasonId ? 'No such season' : 'No season yet: add one in the Members tab')
    const dues = await inTransaction(payload, req.staff!, (tx) =>
      payload.create({
        collection: 'dues',
        data: {
          kind: 'volunteer-buy-out',
          household: household.id,
          season: season.id,
          hours,
          paymentMethod: method,
          receivedAt: receivedOn,
          reference: checkNumber,
          status: 'completed',
          amount: '0.00',
        },
        req: tx,
        ...system,
      }),
    )
    kickOutbox()
    res.status(201).json({
      dues: { id: dues.id, amount: dues.amount, hours: dues.hours, status: dues.status, receiptNumber: dues.receiptNumber ?? null },
      hours: await householdHours(payload, String(household.id), season),
    })
  })
  return router
}

const seasonParam = (req: Request) => {
  const season = typeof req.query.season === 'string' ? req.query.season : undefined
  if (season !== undefined && !isPlausibleId(season)) throw new HttpError(400, 'season: not a season id')
  return season
}
