import type { Payload, PayloadRequest } from 'payload'
import { addDays, todayIn } from '#shared/clubDay'
import type { VolunteerEvent, VolunteerShift, VolunteerSignup } from '../payload-types'
import { inTransaction, retryOnConflict } from '../db/transaction'
import { env } from '../env'
import { kickOutbox } from '../outbox/outbox'
import { EVENTS, SHIFTS, SIGNUPS } from './places'
import { mail } from './signupRules'

/**
 * The volunteers' periodic work (docs/VOLUNTEERS.md "Reminders"), run by the root in one of the processes sharing
 * the database (cms/db/serverState.ts runOnceAcrossProcesses) on the tasks' clock (`now`: TEST_TASK_CLOCK in
 * tests). Every mail goes through the outbox under a key of its own, so a run repeated sends nothing twice.
 */

const HOUR = 60 * 60_000
const system = (req?: PayloadRequest) => ({ depth: 0, overrideAccess: true, ...(req ? { req } : {}) }) as const
const iso = (ms: number) => new Date(ms).toISOString()

/** A transaction whose rules read the tasks' clock (./places.ts nowOf). */
const onClock = <T>(payload: Payload, now: number, work: (req: PayloadRequest) => Promise<T>) =>
  retryOnConflict(() =>
    inTransaction(payload, null, (req) => {
      req.context = { ...req.context, now, actor: 'volunteer reminders' }
      return work(req)
    }),
  )

/**
 * Every minute: the 48- and 24-hour reminders, each to those confirmed before its time, on shifts still on; and
 * the offers that lapsed, each place then offered to the next waiting (the collection's rules).
 */
export async function remindAndOffer(payload: Payload, now: number): Promise<void> {
  const { docs: shifts } = await payload.find({
    collection: SHIFTS,
    where: {
      and: [
        { startsAt: { greater_than: iso(now) } },
        { startsAt: { less_than_equal: iso(now + 48 * HOUR) } },
        { cancelled: { not_equals: true } },
      ],
    },
    pagination: false,
    ...system(),
  })
  for (const shift of shifts as VolunteerShift[]) {
    const startsAt = Date.parse(shift.startsAt)
    const hours = startsAt - now <= 24 * HOUR ? 24 : 48
    const { docs } = await payload.find({
      collection: SIGNUPS,
      where: {
        and: [
          { shift: { equals: shift.id } },
          { status: { equals: 'confirmed' } },
          { confirmedAt: { less_than_equal: iso(startsAt - hours * HOUR) } },
        ],
      },
      pagination: false,
      ...system(),
    })
    if (docs.length === 0) continue
    await onClock(payload, now, async (req) => {
      for (const signup of docs) await mail(req, `volunteer-reminder-${hours}`, `${signup.id}:${shift.startsAt}`, signup)
    })
  }

  const { docs: lapsed } = await payload.find({
    collection: SIGNUPS,
    where: { and: [{ status: { equals: 'offered' } }, { offerExpiresAt: { less_than_equal: iso(now) } }] },
    pagination: false,
    ...system(),
  })
  for (const signup of lapsed as VolunteerSignup[])
    await onClock(payload, now, async (req) => {
      const still = await payload.findByID({ collection: SIGNUPS, id: signup.id, ...system(req) })
      if (still.status === 'offered')
        await payload.update({
          collection: SIGNUPS,
          id: signup.id,
          data: { status: 'cancelled', statusNote: 'The offer lapsed' },
          ...system(req),
        })
    })
  kickOutbox()
}

/**
 * Hourly: the day after an event, its coordinator's note of who was not checked in (once, and only for events
 * of the last week: a first start does not mail the club's whole past); and the phone numbers of sign-ups whose
 * season has ended (or, for an event outside every season, 30 days after it), deleted.
 */
export async function dayAfter(payload: Payload, now: number): Promise<void> {
  const today = todayIn(env.CLUB_TIME_ZONE, now)
  const { docs: events } = await payload.find({
    collection: EVENTS,
    where: {
      and: [{ day: { less_than: today } }, { day: { greater_than_equal: addDays(today, -7) } }, { status: { not_equals: 'draft' } }],
    },
    pagination: false,
    ...system(),
  })
  for (const event of events as VolunteerEvent[]) {
    const { totalDocs } = await payload.count({ collection: SIGNUPS, where: { event: { equals: event.id } }, ...system() })
    if (totalDocs > 0) await onClock(payload, now, (req) => mail(req, 'volunteer-day-after', String(event.id), { id: event.id, email: '' }))
  }
  await forgetPhones(payload, today)
  kickOutbox()
}

/** Phone numbers are kept for the season only: gone once its last day has passed. */
async function forgetPhones(payload: Payload, today: string): Promise<void> {
  const { docs: seasons } = await payload.find({
    collection: 'seasons',
    pagination: false,
    select: { startsOn: true, endsOn: true },
    ...system(),
  })
  const inSeason = (day: string) => seasons.find((s) => s.startsOn <= day && day <= s.endsOn)
  const { docs: events } = await payload.find({
    collection: EVENTS,
    where: { day: { less_than: today } },
    pagination: false,
    select: { day: true },
    ...system(),
  })
  const over = events
    .filter((event) => {
      const season = inSeason(event.day)
      return season ? season.endsOn < today : addDays(event.day, 30) < today
    })
    .map((event) => event.id)
  if (over.length === 0) return
  await payload.db.updateMany({
    collection: SIGNUPS,
    where: { and: [{ event: { in: over } }, { phone: { exists: true } }, { phone: { not_equals: '' } }] },
    data: { phone: null },
  })
}
