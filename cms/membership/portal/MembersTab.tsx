import { useId, useState } from 'react'
import useSWR from 'swr'
import { MEMBERSHIP_STATUSES } from '#shared/membership'
import { formatMoney } from '#shared/money'
import { FormField } from '#ui/form/fields.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { toast } from '#ui/toast.tsx'
import { Button, buttonClass } from '#portal/components/Button.tsx'
import { EntityDialog } from '#portal/components/EntityDialog.tsx'
import { ListPanel } from '#portal/components/ListPanel.tsx'
import { StatusBadge } from '#portal/components/StatusBadge.tsx'
import { errorMessage } from '#portal/lib/errors.ts'
import { ADMIN_MONEY, formatDay } from '#portal/lib/format.ts'
import { filterQuery, refetchList, useAdminList } from '#portal/lib/list.ts'
import { useDialogSubmit, useDialogValues } from '#portal/lib/dialog.ts'
import { useClubToday } from '#portal/lib/session.ts'
import { sendAction } from '#portal/payments/moneyActions.ts'
import { PaidInPersonFields } from '#portal/components/PaidInPersonFields.tsx'
import { useHouseholdLines } from '#portal/lib/domainPortal.ts'
import type { MemberRow, MembersSummary } from '../members'
import type { MembershipLevel, Season, TeamMember } from '../../payload-types'

/**
 * The Members tab (docs/MEMBERSHIP.md "The admin"): the households with their membership of a season, filtered by
 * season, status and level; dues paid by hand (cash, a check), a comped membership, a player moved to a family, and
 * the CSV. Reads the one typed list (GET /api/admin/members) and Payload's REST for the records it changes, where
 * the collections' rules apply; Payload's own editors (Members in its menu) edit everything else. Admins only.
 */
const MEMBERS = '/api/admin/members'
/** A page of records from Payload's REST, as it answers (`docs`). */
const useCmsList = <T,>(path: string | null) => useSWR<{ docs: T[] }>(path)

/** Sends one change (the money lists and the Overview follow: sendAction), then refetches the members and their line. */
async function send(method: 'POST' | 'PATCH', path: string, body: unknown, success: string, failure: string) {
  const ok = await sendAction(method, path, body, success, failure)
  if (ok) for (const list of [MEMBERS, `${MEMBERS}/summary`]) refetchList(list)
  return ok
}

type Acting = { kind: 'pay' | 'comp' | 'athletes'; row: MemberRow } | null

export function MembersTab() {
  const id = useId()
  const [filters, setFilters] = useState({ season: '', status: '', level: '', search: '' })
  // Without a season chosen the server lists its own: the list is asked first, the season's name and levels after it.
  const list = useAdminList<MemberRow>(MEMBERS, filters)
  const summary = useSWR<MembersSummary>(list.items ? `${MEMBERS}/summary` : null)
  const seasons = useCmsList<Season>(list.items ? '/cms-api/seasons?sort=-startsOn&limit=100&depth=0' : null)
  const season = filters.season || summary.data?.season?.id || ''
  const levels = useCmsList<MembershipLevel>(
    season ? `/cms-api/membership-levels?where[season][equals]=${season}&sort=displayOrder&limit=100&depth=0` : null,
  )
  const [acting, setActing] = useState<Acting>(null)
  // The other domains' line on each household (the volunteers' hours), handed down by the portal's root.
  const lines = useHouseholdLines()
  const levelName = (levelId: unknown) => levels.data?.docs.find((l) => l.id === levelId)?.name ?? ''
  const set = (name: keyof typeof filters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [name]: event.target.value }))
  const select = (name: keyof typeof filters, label: string, options: Array<{ value: string; label: string }>, any: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        value={name === 'season' ? season : filters[name]}
        onChange={set(name)}
        className="mt-1 min-h-10 rounded-md border border-gray-300 px-2"
      >
        {/* Until the season the server lists is named: a choice that says so. */}
        {(any || !season) && <option value="">{any || 'This season'}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )

  return (
    <>
      <ListPanel
        title="Members"
        description="Households and their membership of the season: record dues paid in person, comp a membership, link a player to a family. Everything else about a family is in Payload’s editor (Members › Households)."
        action={
          <a href={`${MEMBERS}.csv?${filterQuery({ ...filters, season })}`} className={buttonClass('secondary', 'sm')} download>
            Export members (CSV)
          </a>
        }
        list={list}
        name="Households"
        empty="No households match"
        row={(row) => (
          <li key={row.household.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="member-row">
            <div className="min-w-0">
              <p className="font-medium text-gray-900 wrap-anywhere">{row.household.name}</p>
              <p className="text-sm text-gray-600 wrap-anywhere">{row.household.adults.map((a) => `${a.name} <${a.email}>`).join(', ')}</p>
              <p className="text-sm text-gray-600">
                {row.membership
                  ? [
                      levelName(row.membership.level),
                      `${row.membership.athletes ?? 0} athlete${row.membership.athletes === 1 ? '' : 's'}`,
                      row.membership.paidOn && `paid ${formatDay(row.membership.paidOn)} (${row.membership.paymentMethod})`,
                      row.membership.receiptNumber && `receipt ${row.membership.receiptNumber}`,
                      row.membership.compReason && `comped: ${row.membership.compReason}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : 'No membership this season'}
              </p>
              {lines.map((Line, i) => (
                <Line key={i} household={row.household.id} season={season} />
              ))}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {row.membership && (
                <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
                  {formatMoney(row.membership.amount, ADMIN_MONEY)}
                </span>
              )}
              <StatusBadge status={row.membership?.status ?? 'none'} />
              {(!row.membership || ['pending', 'lapsed', 'cancelled'].includes(row.membership.status)) && (
                <>
                  <Button size="sm" variant="secondary" onClick={() => setActing({ kind: 'pay', row })}>
                    Record dues<span className="sr-only"> of {row.household.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setActing({ kind: 'comp', row })}>
                    Comp<span className="sr-only"> {row.household.name}</span>
                  </Button>
                </>
              )}
              <Button size="sm" variant="ghost" onClick={() => setActing({ kind: 'athletes', row })}>
                Players<span className="sr-only"> of {row.household.name}</span>
              </Button>
              <a href={`/admin/collections/households/${row.household.id}`} className={buttonClass('ghost', 'sm')}>
                Edit<span className="sr-only"> {row.household.name}</span>
              </a>
            </div>
          </li>
        )}
      >
        <div className="mb-4 flex flex-wrap items-end gap-3">
          {select(
            'season',
            'Season',
            (seasons.data?.docs ?? []).map((s) => ({ value: s.id, label: s.label })),
            '',
          )}
          {select(
            'status',
            'Status',
            [
              ...MEMBERSHIP_STATUSES.map((s) => ({ value: s, label: s })),
              { value: 'none', label: 'no membership' },
              { value: 'not-renewed', label: 'not yet renewed' },
            ],
            'Any status',
          )}
          {select(
            'level',
            'Level',
            (levels.data?.docs ?? []).map((l) => ({ value: l.id, label: l.name })),
            'Any level',
          )}
          <div>
            <label htmlFor={`${id}-search`} className="block text-sm font-medium text-gray-700">
              Search
            </label>
            <input
              id={`${id}-search`}
              type="search"
              value={filters.search}
              onChange={set('search')}
              className="mt-1 min-h-10 rounded-md border border-gray-300 px-2"
            />
          </div>
        </div>
        <p className="mb-2 text-sm text-gray-700" role="status">
          {list.total ?? 0} household{list.total === 1 ? '' : 's'}
        </p>
      </ListPanel>
      {acting?.kind === 'pay' && <DuesDialog row={acting.row} seasonLevels={levels.data?.docs ?? []} onClose={() => setActing(null)} />}
      {acting?.kind === 'comp' && <CompDialog row={acting.row} seasonLevels={levels.data?.docs ?? []} onClose={() => setActing(null)} />}
      {acting?.kind === 'athletes' && <PlayersDialog row={acting.row} onClose={() => setActing(null)} />}
    </>
  )
}

/** A household without a membership of the season gets one at the chosen level first (POST /cms-api/memberships). */
async function membershipFor(row: MemberRow, levelId: string, athletes: string, extra: Record<string, unknown> = {}) {
  if (row.membership) return row.membership.id
  const made = await apiRequest<{ doc: { id: string } }>('POST', '/cms-api/memberships?depth=0', {
    household: row.household.id,
    level: levelId,
    athletes: Number(athletes),
    status: 'pending',
    ...extra,
  })
  return made.doc.id
}

function LevelAndAthletes({
  row,
  levels,
  values,
  set,
}: {
  row: MemberRow
  levels: MembershipLevel[]
  values: { level: string; athletes: string }
  set: (name: 'level' | 'athletes') => (e: { target: { value: string } }) => void
}) {
  const id = useId()
  if (row.membership) return null
  return (
    <>
      <FormField id={`${id}-level`} label="Level" required>
        {(props) => (
          <select {...props} value={values.level} onChange={set('level')}>
            <option value="" disabled>
              Choose a level
            </option>
            {levels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({formatMoney(l.price, ADMIN_MONEY)})
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${id}-athletes`} label="Athletes" required>
        {(props) => <input {...props} type="number" min={0} max={10} value={values.athletes} onChange={set('athletes')} />}
      </FormField>
    </>
  )
}

/** Dues paid by hand: cash or a check, the day received (POST /api/admin/memberships/:id/payment). */
function DuesDialog({ row, seasonLevels, onClose }: { row: MemberRow; seasonLevels: MembershipLevel[]; onClose: () => void }) {
  const today = useClubToday()
  const [values, set] = useDialogValues({ level: '', athletes: '1', method: 'cash', receivedOn: '', checkNumber: '' })
  const { pending, submit } = useDialogSubmit(async () => {
    try {
      const membership = await membershipFor(row, values.level, values.athletes)
      return await send(
        'POST',
        `/api/admin/memberships/${membership}/payment`,
        { method: values.method, receivedOn: values.receivedOn || today, checkNumber: values.checkNumber },
        'Dues recorded: the receipt is on its way',
        'Could not record the dues',
      )
    } catch (error) {
      toast({ title: 'Could not record the dues', description: errorMessage(error), variant: 'destructive' })
      return false
    }
  }, onClose)
  return (
    <EntityDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Record dues: ${row.household.name}`}
      description={
        row.membership
          ? `Dues of ${formatMoney(row.membership.amount, ADMIN_MONEY)}, paid in person; the receipt is mailed.`
          : 'A membership of the season shown, at the level chosen, paid in person; the receipt is mailed.'
      }
      submitLabel="Record dues"
      pendingLabel="Recording..."
      pending={pending}
      onSubmit={() => void submit()}
    >
      <LevelAndAthletes row={row} levels={seasonLevels} values={values} set={set} />
      <PaidInPersonFields values={values} set={set} today={today} />
    </EntityDialog>
  )
}

/** A membership the club gives: no dues, a reason kept with it (PATCH or POST /cms-api/memberships, admins only). */
function CompDialog({ row, seasonLevels, onClose }: { row: MemberRow; seasonLevels: MembershipLevel[]; onClose: () => void }) {
  const id = useId()
  const [values, set] = useDialogValues({ level: '', athletes: '1', reason: '' })
  const { pending, submit } = useDialogSubmit(
    () =>
      row.membership
        ? send(
            'PATCH',
            `/cms-api/memberships/${row.membership.id}`,
            { status: 'comped', compReason: values.reason },
            'Membership comped',
            'Could not comp the membership',
          )
        : send(
            'POST',
            '/cms-api/memberships?depth=0',
            {
              household: row.household.id,
              level: values.level,
              athletes: Number(values.athletes),
              status: 'comped',
              compReason: values.reason,
            },
            'Membership comped',
            'Could not comp the membership',
          ),
    onClose,
  )
  return (
    <EntityDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Comp a membership: ${row.household.name}`}
      description="The family is a member of the season shown without dues; the reason stays with the membership."
      submitLabel="Comp membership"
      pendingLabel="Saving..."
      pending={pending}
      onSubmit={() => void submit()}
    >
      <LevelAndAthletes row={row} levels={seasonLevels} values={values} set={set} />
      <FormField id={`${id}-reason`} label="Reason" required>
        {(props) => <input {...props} value={values.reason} onChange={set('reason')} maxLength={500} />}
      </FormField>
    </EntityDialog>
  )
}

/** The household's players: link one from the roster (it leaves any other household) or unlink one. */
function PlayersDialog({ row, onClose }: { row: MemberRow; onClose: () => void }) {
  const id = useId()
  const roster = useCmsList<TeamMember>('/cms-api/team-members?sort=name&limit=200&depth=0')
  const [linked, setLinked] = useState<string[]>((row.household.athletes ?? []).map((a) => (typeof a === 'string' ? a : a.id)))
  const [adding, setAdding] = useState('')
  const nameOf = (playerId: string) => roster.data?.docs.find((p) => p.id === playerId)?.name ?? playerId
  const { pending, submit } = useDialogSubmit(() => {
    const athletes = adding && !linked.includes(adding) ? [...linked, adding] : linked
    return send('PATCH', `/cms-api/households/${row.household.id}`, { athletes }, 'Players saved', 'Could not save the players')
  }, onClose)
  return (
    <EntityDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Players of ${row.household.name}`}
      description="A player belongs to one household: linking her here takes her from any other. Only admins see who belongs to which family."
      submitLabel="Save players"
      pendingLabel="Saving..."
      pending={pending}
      onSubmit={() => void submit()}
    >
      <ul className="space-y-1" aria-label="Linked players">
        {linked.map((playerId) => (
          <li key={playerId} className="flex items-center justify-between gap-2">
            {nameOf(playerId)}
            <Button size="sm" variant="ghost" onClick={() => setLinked((l) => l.filter((p) => p !== playerId))}>
              Unlink<span className="sr-only"> {nameOf(playerId)}</span>
            </Button>
          </li>
        ))}
        {linked.length === 0 && <li className="text-gray-600">No player linked.</li>}
      </ul>
      <FormField id={`${id}-add`} label="Link a player" optional>
        {(props) => (
          <select {...props} value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">Choose a player</option>
            {(roster.data?.docs ?? [])
              .filter((p) => !linked.includes(p.id))
              .map((p) => (
                <option key={p.id} value={p.id}>
                  #{p.number} {p.name}
                </option>
              ))}
          </select>
        )}
      </FormField>
    </EntityDialog>
  )
}
