import type { Payload } from 'payload'
import { addDays, MEMBER_STATUSES } from '#shared/membership'
import type { Season } from '../payload-types'
import { inTransaction } from '../db/transaction'
import { clubDayOf } from '../env'
import { enqueueEmail, kickOutbox } from '../outbox/outbox'
import { asSettling } from './memberships'
import { previousSeason } from './seasons'

/**
 * The seasons' days at work (docs/MEMBERSHIP.md "Renewals"), run hourly in one of the processes sharing the
 * database (cms/db/serverState.ts runOnceAcrossProcesses), with `now` the task clock:
 * - a membership not paid by the renewal deadline plus the grace days, and every membership once its season
 *   has ended, reads lapsed from that club day on;
 * - when renewal opens, and 30 and 7 days before the deadline, each household that was a member last season
 *   and is not yet one of this season gets one reminder, through the outbox under one key per household,
 *   season and reminder, so never twice; a reminder missed while the server was down is not sent late, only
 *   the latest one due. Nothing is ever charged: renewing is a payment the family makes.
 */
export async function membershipDays(payload: Payload, now: number): Promise<void> {
  const today = clubDayOf(now)
  await remind(payload, today)
  await lapse(payload, today)
  kickOutbox()
}

const system = { depth: 0, overrideAccess: true } as const

async function lapse(payload: Payload, today: string) {
  const { docs: seasons } = await payload.find({
    collection: 'seasons',
    where: { renewalDeadline: { less_than: today } },
    pagination: false,
    ...system,
  })
  for (const season of seasons) {
    const ended = season.endsOn < today
    const graceOver = addDays(season.renewalDeadline, season.graceDays ?? 0) < today
    const statuses = [...(graceOver ? ['pending'] : []), ...(ended ? ['active', 'comped'] : [])]
    if (statuses.length === 0) continue
    await inTransaction(payload, null, (req) =>
      asSettling(req, () =>
        payload.update({
          collection: 'memberships',
          where: { and: [{ season: { equals: season.id } }, { status: { in: statuses } }] },
          data: { status: 'lapsed' },
          req,
          ...system,
        }),
      ),
    )
  }
}

/** The reminder due on `today` for a season's renewal, or null: the latest of its three days already reached. */
export function reminderDue(season: Pick<Season, 'renewalOpensOn' | 'renewalDeadline'>, today: string): string | null {
  if (today < season.renewalOpensOn || today > season.renewalDeadline) return null
  const stages: Array<[string, string]> = [
    ['opens', season.renewalOpensOn],
    ['30-days', addDays(season.renewalDeadline, -30)],
    ['7-days', addDays(season.renewalDeadline, -7)],
  ]
  return stages.filter(([, day]) => day <= today).at(-1)?.[0] ?? null
}

async function remind(payload: Payload, today: string) {
  const { docs: seasons } = await payload.find({
    collection: 'seasons',
    where: { and: [{ renewalOpensOn: { less_than_equal: today } }, { renewalDeadline: { greater_than_equal: today } }] },
    pagination: false,
    ...system,
  })
  for (const season of seasons) {
    const stage = reminderDue(season, today)
    const last = stage ? await previousSeason(payload, season) : null
    if (!stage || !last) continue
    const members = (seasonId: string, statuses: readonly string[]) =>
      payload.find({
        collection: 'memberships',
        where: { and: [{ season: { equals: seasonId } }, { status: { in: [...statuses] } }] },
        pagination: false,
        select: { household: true, paidOn: true },
        ...system,
      })
    // Last season's members: paid or comped, and not refunded (their memberships read lapsed once it ended).
    const [before, now] = await Promise.all([members(last.id, [...MEMBER_STATUSES, 'lapsed']), members(season.id, MEMBER_STATUSES)])
    const renewed = new Set(now.docs.map((m) => String(m.household)))
    const due = [...new Set(before.docs.filter((m) => m.paidOn && m.household).map((m) => String(m.household)))].filter(
      (h) => !renewed.has(h),
    )
    for (const householdId of due) {
      const household = await payload.findByID({ collection: 'households', id: householdId, disableErrors: true, ...system })
      const to = household?.adults.find((a) => a.receivesMail !== false)?.email
      if (!household || !to) continue
      await inTransaction(payload, null, (req) =>
        enqueueEmail(payload, req, {
          key: `membership-renewal:${season.id}:${householdId}:${stage}`,
          kind: 'membership-renewal',
          recordId: `${season.id}:${householdId}:${stage}`,
          to,
        }),
      )
    }
  }
}
