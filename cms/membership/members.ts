import { Router, type Request } from 'express'
import type { Payload, Where } from 'payload'
import { MEMBER_STATUSES, type MembershipStatus } from '#shared/membership'
import { formatCents } from '#shared/money'
import { duesPaymentSchema, membersQuerySchema } from '#shared/schemas'
import type { DuesPayment, Household, Membership, Season } from '../payload-types'
import { toCsv, sendCsv } from '../api/csv'
import { findOr404 } from '../api/findOr404'
import { inTransaction } from '../db/transaction'
import { clubDayOf } from '../env'
import { HttpError } from '../http/errors'
import { requireAdmin } from '../http/requireAdmin'
import { parseBody, parseQuery } from '../http/validate'
import { kickOutbox } from '../outbox/outbox'
import { moneyTotals } from '../payments/totals'
import { openSeason, previousSeason } from './seasons'

/**
 * The Members tab's reads and its one write that is not a plain record edit (docs/MEMBERSHIP.md "The admin"):
 * households with their membership of a season, filtered; the same as CSV; the Overview's line; and dues paid by
 * hand. Admins only. The rows are Payload's own records (selected fields, the generated types): the portal edits
 * households, levels and memberships through Payload's REST (/cms-api), where the collections' rules apply.
 */

/** A household and its membership of the season asked for (or null), as the Members tab lists them. */
export type MemberRow = {
  household: Pick<Household, 'id' | 'name' | 'primaryEmail' | 'adults' | 'athletes'>
  membership:
    | (Pick<Membership, 'id' | 'status' | 'level' | 'athletes' | 'amount' | 'paymentMethod' | 'paidOn' | 'compReason'> & {
        receiptNumber: string | null
      })
    | null
}

/** GET /api/admin/members/summary: the Overview's line, "84 households active, 12 not yet renewed, $5,040 dues this season". */
export type MembersSummary = {
  season: Pick<Season, 'id' | 'label'> | null
  /** Households that are members of it (paid, or comped). */
  active: number
  /** Pending: joined, not paid yet. */
  pending: number
  /** Members of the season before that are not (yet) members of this one. */
  notRenewed: number
  /** Dues received for this season, less refunds (the books' "kept"). */
  dues: string
}

const system = { depth: 0, overrideAccess: true } as const
const idOf = (value: unknown) => (value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null)

/** The season the admin works on unless they pick another: the one open for joining, else the latest begun. */
export async function adminSeason(payload: Payload, id?: string): Promise<Season | null> {
  if (id) return payload.findByID({ collection: 'seasons', id, disableErrors: true, ...system })
  const open = await openSeason(payload)
  if (open) return open
  const { docs } = await payload.find({
    collection: 'seasons',
    where: { startsOn: { less_than_equal: clubDayOf() } },
    sort: '-startsOn',
    limit: 1,
    ...system,
  })
  return docs[0] ?? null
}

type SeasonMembership = Pick<
  Membership,
  'id' | 'household' | 'status' | 'level' | 'athletes' | 'amount' | 'paymentMethod' | 'paidOn' | 'compReason' | 'dues'
>

/** The memberships of a season (of these households only, when given), read by the adapter: no per-record read pass. */
async function seasonMemberships(payload: Payload, seasonId: string, households?: string[]): Promise<SeasonMembership[]> {
  const { docs } = await payload.db.find<SeasonMembership>({
    collection: 'memberships',
    where: { and: [{ season: { equals: seasonId } }, ...(households ? [{ household: { in: households } }] : [])] },
    select: {
      household: true,
      status: true,
      level: true,
      athletes: true,
      amount: true,
      paymentMethod: true,
      paidOn: true,
      compReason: true,
      dues: true,
    },
    pagination: false,
    limit: 0,
  })
  return docs
}

/** The households a season's members were, of these statuses (last season's: paid or comped, lapsed once it ended). */
const householdsWith = (memberships: SeasonMembership[], keep: (m: SeasonMembership) => boolean) =>
  new Set(
    memberships
      .filter(keep)
      .map((m) => idOf(m.household))
      .filter((id): id is string => Boolean(id)),
  )

const isMember = (m: SeasonMembership) => MEMBER_STATUSES.includes(m.status as MembershipStatus)
const wasMember = (m: SeasonMembership) => Boolean(m.paidOn) && !['refunded', 'cancelled'].includes(m.status)

/** Households not yet renewed: members of the season before (paid or comped), not members of this one. */
async function notRenewed(payload: Payload, season: Season, memberships: SeasonMembership[]): Promise<Set<string>> {
  const last = await previousSeason(payload, season)
  if (!last) return new Set()
  const renewed = householdsWith(memberships, isMember)
  return new Set([...householdsWith(await seasonMemberships(payload, last.id), wasMember)].filter((id) => !renewed.has(id)))
}

type MembersQuery = ReturnType<typeof membersQuerySchema.parse>

/** A page of households with their membership of the season (every household when `whole`), filtered as asked. */
export async function membersOf(payload: Payload, query: MembersQuery, whole = false) {
  const season = await adminSeason(payload, query.season)
  if (query.season && !season) throw new HttpError(404, 'Season not found')
  // The season's every membership only when a filter needs them; else those of the page's households (read below).
  const filtered = Boolean(query.level || query.status)
  const memberships = season && filtered ? await seasonMemberships(payload, season.id) : []
  const and: Where[] = []
  const onlyIds = (ids: Set<string>) => and.push({ id: { in: [...ids] } })
  if (query.level) onlyIds(householdsWith(memberships, (m) => idOf(m.level) === query.level))
  if (query.status === 'none') and.push({ id: { not_in: [...householdsWith(memberships, () => true)] } })
  else if (query.status === 'not-renewed') onlyIds(season ? await notRenewed(payload, season, memberships) : new Set())
  else if (query.status) onlyIds(householdsWith(memberships, (m) => m.status === query.status))
  if (query.search)
    and.push({
      or: [{ name: { like: query.search } }, { 'adults.email': { like: query.search } }, { 'adults.name': { like: query.search } }],
    })
  const result = await payload.find({
    collection: 'households',
    where: and.length ? { and } : undefined,
    sort: 'name',
    ...(whole ? { pagination: false } : { page: query.page, limit: query.limit }),
    select: { name: true, primaryEmail: true, adults: true, athletes: true },
    ...system,
  })
  const shown =
    filtered || !season
      ? memberships
      : await seasonMemberships(
          payload,
          season.id,
          result.docs.map((h) => h.id),
        )
  const byHousehold = new Map(shown.filter((m) => m.household).map((m) => [idOf(m.household)!, m]))
  const duesIds = result.docs.map((h) => idOf(byHousehold.get(h.id)?.dues)).filter((id): id is string => Boolean(id))
  const dues = duesIds.length
    ? await payload.find({
        collection: 'dues',
        where: { id: { in: duesIds } },
        select: { receiptNumber: true },
        pagination: false,
        ...system,
      })
    : { docs: [] as Pick<DuesPayment, 'id' | 'receiptNumber'>[] }
  const receipts = new Map(dues.docs.map((d) => [d.id, d.receiptNumber ?? null]))
  const rows: MemberRow[] = result.docs.map((household) => {
    const m = byHousehold.get(household.id)
    const { dues: duesId, household: _household, ...membership } = m ?? {}
    return {
      household: {
        id: household.id,
        name: household.name,
        primaryEmail: household.primaryEmail,
        adults: household.adults,
        athletes: household.athletes,
      },
      membership: m
        ? { ...(membership as Omit<SeasonMembership, 'dues' | 'household'>), receiptNumber: receipts.get(idOf(duesId)!) ?? null }
        : null,
    }
  })
  return { season, rows, total: result.totalDocs }
}

/** The Overview's line for the admins' season. */
export async function membersSummary(payload: Payload): Promise<MembersSummary> {
  const season = await adminSeason(payload)
  if (!season) return { season: null, active: 0, pending: 0, notRenewed: 0, dues: '0.00' }
  const memberships = await seasonMemberships(payload, season.id)
  const { docs: dues } = await payload.db.find<Pick<DuesPayment, 'amount' | 'refundedAmount' | 'status'>>({
    collection: 'dues',
    where: { season: { equals: season.id } },
    select: { amount: true, refundedAmount: true, status: true },
    pagination: false,
    limit: 0,
  })
  return {
    season: { id: season.id, label: season.label },
    active: householdsWith(memberships, isMember).size,
    pending: householdsWith(memberships, (m) => m.status === 'pending').size,
    notRenewed: (await notRenewed(payload, season, memberships)).size,
    dues: formatCents(moneyTotals(dues).keptCents),
  }
}

/** The CSV's columns: one row per household, its membership of the season. */
const CSV_COLUMNS = ['household', 'adults', 'emails', 'athletes', 'level', 'status', 'amount', 'method', 'paidOn', 'receipt'] as const

/** /api/admin/members…, /api/admin/memberships/:id/payment: admins only. */
export function membersRouter(payload: Payload): Router {
  const router = Router()
  router.use(['/members', '/members.csv', '/members/summary', '/memberships'], requireAdmin)

  router.get('/members', async (req, res) => {
    const { rows, total } = await membersOf(payload, parseQuery(req, membersQuerySchema))
    res.set('X-Total-Count', String(total)).json(rows)
  })

  router.get('/members/summary', async (_req, res) => {
    res.json(await membersSummary(payload))
  })

  router.get('/members.csv', async (req, res) => {
    const query = parseQuery(req, membersQuerySchema)
    const { season, rows } = await membersOf(payload, query, true)
    const levels = await payload.find({
      collection: 'membership-levels',
      where: season ? { season: { equals: season.id } } : undefined,
      pagination: false,
      select: { name: true },
      ...system,
    })
    const levelName = new Map(levels.docs.map((l) => [l.id, l.name]))
    const records = rows.map(({ household: h, membership: m }) => ({
      household: h.name,
      adults: h.adults.map((a) => a.name).join('; '),
      emails: h.adults.map((a) => a.email).join('; '),
      athletes: m?.athletes ?? '',
      level: m ? (levelName.get(idOf(m.level)!) ?? '') : '',
      status: m?.status ?? 'none',
      amount: m?.amount ?? '',
      method: m?.paymentMethod ?? '',
      paidOn: m?.paidOn ?? '',
      receipt: m?.receiptNumber ?? '',
    }))
    sendCsv(
      res,
      `members-${season?.label.replace(/[^\w-]+/g, '-') ?? 'none'}${query.status ? `-${query.status}` : ''}-exported-${clubDayOf()}`,
      toCsv(CSV_COLUMNS, records),
    )
  })

  // Dues paid by hand (cash or a check at the meeting): a dues record, completed; the membership is then active
  // and its receipt mailed (the money rules: cms/payments/moneyRules.ts).
  router.post('/memberships/:id/payment', async (req: Request, res) => {
    const { method, receivedOn, checkNumber } = parseBody(req, duesPaymentSchema)
    if (receivedOn > clubDayOf()) throw new HttpError(400, `receivedOn: ${receivedOn} has not come yet`)
    const membership = await findOr404(payload, 'memberships', req.params.id as string, 'Membership', {
      user: req.staff,
      overrideAccess: false,
    })
    const dues = await inTransaction(payload, req.staff!, (tx) =>
      payload.create({
        collection: 'dues',
        // The server writes the payment (collection create is nobody's): the admin's name goes in its history.
        data: {
          membership: membership.id,
          paymentMethod: method,
          receivedAt: receivedOn,
          reference: checkNumber,
          status: 'completed',
          amount: membership.amount,
        },
        req: tx,
        ...system,
      }),
    )
    kickOutbox()
    const after = await payload.findByID({ collection: 'memberships', id: membership.id, ...system })
    res.status(201).json({
      membership: after,
      dues: { id: dues.id, amount: dues.amount, status: dues.status, receiptNumber: dues.receiptNumber ?? null },
    })
  })
  return router
}
