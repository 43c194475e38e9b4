import type { ComponentType } from 'react'
import useSWR from 'swr'
import { useSearchParams } from 'wouter'
import { calendarDayLabel } from '#shared/clubDay'
import { MAX_ADULTS, MEMBER_DATA, type MemberView } from '#shared/membership'
import { formatMoney } from '#shared/money'
import { TextField } from '#ui/form/fields.tsx'
import { FormNotice } from '#ui/form/FormNotice.tsx'
import { PublicLayout } from '#site/components/layout/PublicLayout.tsx'
import { usePostedForm, usePublicForm } from '#site/lib/postedForm.tsx'
import { useDocumentTitle } from '#site/lib/useDocumentTitle.ts'
import { PageHero } from '#site/components/layout/PageHero.tsx'

const STATUS_WORDS: Record<string, string> = {
  pending: 'Waiting for payment',
  active: 'Active',
  comped: 'Active (courtesy of the club)',
  lapsed: 'Lapsed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
}
const METHOD_WORDS: Record<string, string> = { card: 'by card', check: 'by check', cash: 'in cash', comp: 'courtesy of the club' }

/** The answers /member's forms come back with (303 to /member?sent=… or ?saved=…). */
const NOTICES: Record<string, { title: string; description: string }> = {
  'sent:sign-in': {
    title: 'Check your email',
    description: 'If this address belongs to a member family, a sign-in link is on its way. It works once, for 30 minutes.',
  },
  'sent:signed-out': { title: 'Signed out', description: 'You are signed out on this device.' },
  'saved:adult': { title: 'Invitation sent', description: 'We added them to your household and mailed them their own sign-in link.' },
  'saved:directory': { title: 'Saved', description: 'Your directory choices are saved.' },
}

function Notice() {
  const [params] = useSearchParams()
  const key = ['sent', 'saved'].map((name) => `${name}:${params.get(name)}`).find((k) => k in NOTICES)
  return key ? <FormNotice answer={{ kind: 'success' }} success={NOTICES[key]} /> : null
}

/** Not signed in: the address to mail a sign-in link to (the same answer for every address). */
function SignInForm() {
  const { form, answer } = usePublicForm('memberSignIn', { email: '' })
  return (
    <section aria-labelledby="sign-in-title" className="mx-auto max-w-xl px-4 py-14 sm:px-6">
      <div className="panel sm:p-10">
        <h2 id="sign-in-title" className="text-2xl font-extrabold text-gray-900">
          Sign in to your family’s page
        </h2>
        <p className="mt-2 text-gray-600">No password: we mail you a link. Use the address your family joined with.</p>
        <form method="post" action="/member" noValidate className="form mt-6" aria-labelledby="sign-in-title">
          <Notice />
          {answer?.kind === 'error' && <FormNotice answer={answer} success={{ title: '', description: '' }} />}
          <TextField form={form} name="email" label="Email" required type="email" autoComplete="email" />
          <button type="submit" className="btn btn-primary">
            Mail me a sign-in link
          </button>
        </form>
        <p className="mt-6 text-sm text-gray-600">
          Not a member yet?{' '}
          <a href="/join" className="link">
            Join Booster Club
          </a>
          .
        </p>
      </div>
    </section>
  )
}

function AddAdultForm() {
  const { form, answer } = usePublicForm('memberAdult', { name: '', email: '' })
  return (
    <form method="post" action="/member/adults" noValidate className="form mt-4" aria-labelledby="add-adult-title">
      <h3 id="add-adult-title" className="h3">
        Add another adult
      </h3>
      {answer?.kind === 'error' && <FormNotice answer={answer} success={{ title: '', description: '' }} />}
      <div className="form-grid">
        <TextField form={form} name="name" label="Their name" required autoComplete="off" />
        <TextField
          form={form}
          name="email"
          label="Their email"
          required
          type="email"
          autoComplete="off"
          hint="They get their own sign-in link."
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Add and invite
      </button>
    </form>
  )
}

function DirectoryChoices({ choices }: { choices: MemberView['household']['directory'] }) {
  const refused = usePostedForm('memberDirectory')
  const boxes: Array<[keyof typeof choices, string]> = [
    ['listed', 'List our household in the members’ directory'],
    ['showAdults', 'Show our adults’ names'],
    ['showEmails', 'Show our email addresses'],
    ['showPhones', 'Show our phone numbers'],
  ]
  return (
    <form method="post" action="/member/directory" className="form" aria-labelledby="directory-title">
      {refused && <FormNotice answer={{ kind: 'error', ...refused.notice }} success={{ title: '', description: '' }} />}
      <fieldset>
        <legend className="sr-only">What other members see of your household</legend>
        {boxes.map(([name, label]) => (
          <label key={name} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name={name} defaultChecked={choices[name]} className="size-5" />
            {label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary">
        Save directory choices
      </button>
    </form>
  )
}

/** Signed in: the family's household, this season's membership and receipt, its adults, and the directory. */
function Household({ view, sections }: { view: MemberView; sections: ComponentType[] }) {
  const { household, membership } = view
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-14 sm:px-6">
      <Notice />
      <section aria-labelledby="membership-title" className="panel sm:p-10">
        <h2 id="membership-title" className="text-2xl font-extrabold text-gray-900">
          {membership ? `Membership ${membership.season}` : 'Membership'}
        </h2>
        {membership ? (
          <>
            <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt className="font-bold">Status</dt>
              <dd data-testid="membership-status">{STATUS_WORDS[membership.status] ?? membership.status}</dd>
              <dt className="font-bold">Level</dt>
              <dd>{membership.level}</dd>
              <dt className="font-bold">Athletes</dt>
              <dd>{membership.athletes}</dd>
              <dt className="font-bold">Dues</dt>
              <dd>{formatMoney(membership.amount, { alwaysCents: true })}</dd>
              {membership.paidOn && (
                <>
                  <dt className="font-bold">Paid</dt>
                  <dd>
                    {calendarDayLabel(membership.paidOn, 'long')} {membership.method ? METHOD_WORDS[membership.method] : ''}
                  </dd>
                </>
              )}
            </dl>
            <p className="mt-4 text-gray-700">{membership.benefits}</p>
            {membership.receipt && (
              <p className="mt-4">
                <a href="/api/member/receipt.pdf" className="link" download>
                  {`Download receipt ${membership.receipt} (PDF)`}
                </a>
              </p>
            )}
          </>
        ) : (
          <p className="mt-4">Your household has no membership yet.</p>
        )}
        {view.canJoin && (
          <a href="/join" className="btn btn-primary mt-6">
            {`Join for ${view.canJoin}`}
          </a>
        )}
      </section>

      {sections.map((Section, i) => (
        <Section key={i} />
      ))}

      <section aria-labelledby="adults-title" className="panel sm:p-10">
        <h2 id="adults-title" className="text-2xl font-extrabold text-gray-900">
          {household.name}
        </h2>
        <ul className="mt-4 space-y-1">
          {household.adults.map((adult) => (
            <li key={adult.email}>
              <span className="font-bold">{adult.name}</span> · {adult.email}
              {adult.phone ? ` · ${adult.phone}` : ''}
            </li>
          ))}
        </ul>
        {household.adults.length < MAX_ADULTS && <AddAdultForm />}
      </section>

      {view.directory && (
        <section aria-labelledby="directory-title" className="panel sm:p-10">
          <h2 id="directory-title" className="text-2xl font-extrabold text-gray-900">
            Members’ directory
          </h2>
          <p className="mt-2 text-gray-600">
            Other families see only what you tick here, and only when signed in. Nothing is shown until you choose.
          </p>
          <DirectoryChoices choices={household.directory} />
          {view.directory.length > 0 && (
            <ul className="mt-6 space-y-2" aria-label="Listed households">
              {view.directory.map((entry) => (
                <li key={entry.name}>
                  <span className="font-bold">{entry.name}</span>
                  {entry.adults.map((a, i) => (
                    <span key={i}> · {[a.name, a.email, a.phone].filter(Boolean).join(', ')}</span>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <form method="post" action="/member/sign-out">
        <p className="text-sm text-gray-600">
          {`Signed in as ${view.email}. `}
          <button type="submit" className="link">
            Sign out
          </button>
        </p>
      </form>
    </div>
  )
}

/**
 * /member (docs/MEMBERSHIP.md "Members' page"): a family's own page, or the form that mails a sign-in link.
 * `sections`: the other domains' on it (the volunteers' hours), which the site's root puts there (site/src/app).
 */
export default function MemberPage({ sections = [] }: { sections?: ComponentType[] }) {
  const view = useSWR<MemberView | null>(MEMBER_DATA.member, null).data ?? null
  useDocumentTitle('Your family')
  return (
    <PublicLayout header={<PageHero eyebrow="Members" title={view ? `Welcome, ${view.household.name}` : 'Your family’s page'} />}>
      {view ? <Household view={view} sections={sections} /> : <SignInForm />}
    </PublicLayout>
  )
}
