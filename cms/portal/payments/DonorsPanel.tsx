import { useId, useState } from 'react'
import useSWR from 'swr'
import { formatMoney } from '#shared/money'
import type { AdminDonor, AdminStatement } from '#shared/api'
import { Button, buttonClass } from '../components/Button'
import { ListPanel } from '../components/ListPanel'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { useAdminList } from '../lib/list'
import { ConfirmAction } from '../components/ConfirmAction'
import { useClubToday } from '../lib/session'
import { sendAction } from './moneyActions'
import { KEYS } from '../lib/keys'

/** What POST /api/admin/donors/statements answers: what it queued (cms/money/donors.ts). */
type MailingAnswer = { queued: number; corrected: number; copies: number; unchanged: number }
/** GET /api/admin/donors/statements/progress: how the year's statement mails stand. */
type MailingProgress = { queued: number; written: number; sent: number; waiting: number; failed: number; notSent: number }

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** What the server did, in words: never "on their way" when nothing was queued. */
export function mailingSaid(year: string, again: boolean, a: MailingAnswer): string {
  if (!again) return `${plural(a.queued, `${year} statement`)} queued: they go out one after another`
  const firsts = a.queued - a.corrected
  return [
    `${plural(a.corrected, 'corrected statement')} queued`,
    a.corrected === 0 ? ': no figures changed since mailing' : '',
    firsts > 0 ? `, and ${plural(firsts, 'first statement')} to donors who had none` : '',
  ].join('')
}

/**
 * Everyone who gave in a year, by email, with their total and first and last
 * gift; the same list as CSV; each donor's year-end statement (PDF) and
 * "Send statement" (again: a copy, or a corrected one when their figures
 * changed); mailing them all once ("Send again" mails only corrected
 * statements, to the donors whose figures changed), asked first while the
 * year is not over, with its progress; below, every statement mailed, as it was sent.
 */
export function DonorsPanel() {
  const id = useId()
  const today = useClubToday()
  const thisYear = Number(today.slice(0, 4)) || new Date().getFullYear()
  const [chosen, setChosen] = useState<string | null>(null)
  const year = chosen ?? String(thisYear)
  // Every year that has a gift (the server's list), this year at least.
  const years = useSWR<number[]>(KEYS.donorYears).data ?? [thisYear]
  const list = useAdminList<AdminDonor>(KEYS.donors, { year })
  const [again, setAgain] = useState(false)
  // A mailing the admin is asked about first: the year is not over yet.
  const [asking, setAsking] = useState<{ email?: string } | null>(null)
  const progress = useSWR<MailingProgress>(`${KEYS.donors}/statements/progress?year=${year}`, {
    refreshInterval: (p) => (p && p.waiting > 0 ? 3_000 : 0),
  })
  const mail = (email?: string, early = false) =>
    void sendAction<MailingAnswer>(
      'POST',
      `${KEYS.donors}/statements`,
      { year: Number(year), ...(again && !email ? { force: true } : {}), ...(email ? { email } : {}), ...(early ? { early } : {}) },
      (a) =>
        email
          ? a.copies
            ? `${email}'s ${year} statement is sent again, as it was mailed`
            : a.queued
              ? `${a.corrected ? 'A corrected' : 'The'} ${year} statement for ${email} is queued`
              : `${email}'s ${year} statement is already waiting to go out`
          : mailingSaid(year, again, a),
      'Could not send the statements',
    ).then(() => void progress.mutate())
  const ask = (email?: string) => (Number(year) >= thisYear ? setAsking({ email }) : mail(email))
  return (
    <>
      <ListPanel
        title="Donors"
        description="Everyone who gave in the year, by email: donations and sponsorships kept (completed less refunds, the Overview’s “kept”), as the statements count them."
        action={
          <div className="flex flex-wrap items-center gap-2">
            <a href={`${KEYS.donors}.csv?year=${year}`} className={buttonClass('secondary', 'sm')} download>
              Export donors (CSV)<span className="sr-only">: donors of {year}</span>
            </a>
            <Button size="sm" onClick={() => ask()}>
              Mail {year} statements
            </Button>
            <label className="flex items-center gap-1 text-sm text-gray-700">
              <input type="checkbox" checked={again} onChange={(e) => setAgain(e.target.checked)} />
              Send again (corrected statements only)
            </label>
          </div>
        }
        list={list}
        empty={`No donors in ${year}`}
        name="Donors"
        listLabel={`Donors of ${year}`}
        row={(d) => (
          <li key={d.email} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="donor-row">
            <div className="min-w-0">
              <p className="font-medium text-gray-900 wrap-anywhere">{d.name}</p>
              <p className="text-sm text-gray-600 wrap-anywhere">
                {d.email} · {d.count} gift{d.count === 1 ? '' : 's'} · first {formatDay(d.firstGift)} · last {formatDay(d.lastGift)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">{formatMoney(d.total, ADMIN_MONEY)}</span>
              <a
                href={`${KEYS.donors}/statement.pdf?email=${encodeURIComponent(d.email)}&year=${year}`}
                className={buttonClass('ghost', 'sm')}
                download
              >
                Statement (PDF)<span className="sr-only"> for {d.name}</span>
              </a>
              <Button variant="ghost" size="sm" onClick={() => ask(d.email)}>
                Send statement<span className="sr-only"> to {d.name}</span>
              </Button>
            </div>
          </li>
        )}
      >
        {progress.data && progress.data.sent + progress.data.waiting + progress.data.failed > 0 && (
          <p role="status" className="mb-3 text-sm text-gray-700" data-testid="statements-progress">
            {year} statements: {progress.data.written} of {progress.data.queued} written, {progress.data.sent} sent, {progress.data.waiting}{' '}
            waiting
            {progress.data.failed ? `, ${progress.data.failed} failed` : ''}
            {progress.data.notSent ? `, ${progress.data.notSent} not sent (nothing had changed)` : ''}.
          </p>
        )}
        <ConfirmAction
          open={asking !== null}
          title={`The ${year} year is not over`}
          description={`It ends on December 31, ${year}: gifts made after today would not be on ${asking?.email ? 'this statement' : 'these statements'}. Mail ${asking?.email ? `${asking.email}'s ${year} statement` : `the ${year} statements`} now anyway?`}
          confirmText="Mail now"
          onConfirm={() => {
            mail(asking?.email, true)
            setAsking(null)
          }}
          onCancel={() => setAsking(null)}
        />
        <label className="mb-4 block max-w-40 text-sm text-gray-700" htmlFor={`${id}-year`}>
          Year
          <select
            id={`${id}-year`}
            className="block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900"
            value={year}
            onChange={(e) => setChosen(e.target.value)}
          >
            {years.map(String).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </ListPanel>
      <MailedStatements year={year} />
    </>
  )
}

/** The statements mailed for the year, newest first: each downloads as the very PDF the donor received. */
function MailedStatements({ year }: { year: string }) {
  const list = useAdminList<AdminStatement>(KEYS.statements, { year })
  return (
    <ListPanel
      title="Mailed statements"
      description="Every statement as it was sent, kept unchanged. A refund or void after mailing sends a corrected one that names the one it replaces."
      list={list}
      empty={`No ${year} statements mailed yet`}
      name="Mailed statements"
      listLabel={`Statements mailed for ${year}`}
      row={(s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="statement-row">
          <div className="min-w-0">
            <p className="font-medium text-gray-900 wrap-anywhere">
              {s.name ?? s.email} {s.kind === 'corrected' && <span className="text-sm font-normal text-gray-700">(corrected)</span>}
            </p>
            <p className="text-sm text-gray-600 wrap-anywhere">
              {s.email} · sent {formatDay(s.preparedOn ?? '')} · {s.giftCount} gift{s.giftCount === 1 ? '' : 's'}
              {s.reason ? ` · why: ${s.reason}` : ''}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
              {formatMoney(s.totalAmount ?? '0', ADMIN_MONEY)}
            </span>
            <a href={`${KEYS.statements}.pdf?id=${encodeURIComponent(s.id)}`} className={buttonClass('ghost', 'sm')} download>
              Download as sent
              <span className="sr-only">
                {' '}
                to {s.email}, {formatDay(s.preparedOn ?? '')}
              </span>
            </a>
          </div>
        </li>
      )}
    />
  )
}
