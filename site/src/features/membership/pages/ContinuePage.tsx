import useSWR from 'swr'
import { MEMBER_DATA, type ContinueView } from '#shared/membership'
import { formatMoney } from '#shared/money'
import { PublicLayout } from '#site/components/layout/PublicLayout.tsx'
import { useDocumentTitle } from '#site/lib/useDocumentTitle.ts'
import { PageHero } from '#site/components/layout/PageHero.tsx'

const GONE: Record<'unknown' | 'expired' | 'closed', { title: string; text: string }> = {
  unknown: {
    title: 'This link is not valid',
    text: 'Please use the link from your mail exactly as it came, or ask for a new one on /join.',
  },
  expired: { title: 'This link has expired', text: 'Join links work for 7 days. Ask for a new one on /join: it takes a minute.' },
  closed: { title: 'This level is no longer offered', text: 'The level you chose is not on offer any more. Please choose again on /join.' },
}

/**
 * A join link's page (/join/continue/<token>, docs/MEMBERSHIP.md "Paying"): the household, its level and the dues
 * the server computed, and the way to pay, a button on to Stripe's page (a form: it works without the page's
 * code) or the club's cash and check instructions. Rendered for this request alone, never cached.
 */
export default function ContinuePage() {
  const view = useSWR<ContinueView>(MEMBER_DATA.continue, null).data ?? { state: 'unknown' }
  useDocumentTitle('Your membership')
  if (view.state === 'unknown' || view.state === 'expired' || view.state === 'closed')
    return (
      <PublicLayout header={<PageHero eyebrow="Membership" title={GONE[view.state].title} />}>
        <section className="wrap py-14">
          <p className="lead">{GONE[view.state].text}</p>
          <a href="/join" className="btn btn-primary mt-6">
            Go to Join Booster Club
          </a>
        </section>
      </PublicLayout>
    )
  if (view.state === 'member')
    return (
      <PublicLayout header={<PageHero eyebrow="Membership" title="You are a member" />}>
        <section className="wrap py-14">
          <p className="lead" data-testid="already-member">
            {`${view.household} is a member for ${view.season}: there is nothing to pay. Your receipt is on your family’s page.`}
          </p>
          <a href="/member" className="btn btn-primary mt-6">
            Go to your family’s page
          </a>
        </section>
      </PublicLayout>
    )
  return (
    <PublicLayout header={<PageHero eyebrow={`Membership ${view.season}`} title="Your membership" />}>
      <section aria-labelledby="dues-title" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <div className="panel sm:p-10">
          <h2 id="dues-title" className="text-2xl font-extrabold text-gray-900">
            {view.household}
          </h2>
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-bold">Season</dt>
            <dd>{view.season}</dd>
            <dt className="font-bold">Level</dt>
            <dd>{view.level}</dd>
            <dt className="font-bold">Athletes</dt>
            <dd>{view.athletes}</dd>
            <dt className="font-bold">Dues</dt>
            <dd className="text-xl font-extrabold text-brand-900" data-testid="dues-amount">
              {formatMoney(view.amount, { alwaysCents: true })}
            </dd>
          </dl>
          <p className="mt-4 text-gray-700">{view.benefits}</p>
          <p className="mt-2 text-gray-700">{`Dues are refunded on request within ${view.refundDays} days of paying.`}</p>
          {view.card && (
            <form method="post" action={view.action} className="mt-8">
              <button type="submit" className="btn btn-primary max-sm:w-full">
                {`Pay ${formatMoney(view.amount, { alwaysCents: true })} by card`}
              </button>
              <p className="mt-2 text-sm text-gray-600">You pay on Stripe’s secure page; the club never sees your card.</p>
            </form>
          )}
          <h3 className="h3 mt-8">{view.card ? 'Or pay in person' : 'How to pay'}</h3>
          <p className="mt-2" data-testid="pay-in-person">
            {view.payInPerson}
          </p>
        </div>
      </section>
    </PublicLayout>
  )
}
