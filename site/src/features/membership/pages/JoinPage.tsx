import useSWR from 'swr'
import { useSearchParams } from 'wouter'
import { MEMBER_DATA, type JoinPrefill, type PublicLevel } from '#shared/membership'
import { PUBLIC_DATA } from '#shared/publicPages'
import { PublicLayout } from '#site/components/layout/PublicLayout.tsx'
import { useSiteText } from '#site/lib/siteText.ts'
import { useDocumentTitle } from '#site/lib/useDocumentTitle.ts'
import { JoinForm } from '../components/JoinForm'
import { LevelCard } from '../components/LevelCard'
import { PageHero } from '#site/components/layout/PageHero.tsx'

/**
 * /join (docs/MEMBERSHIP.md "Joining"): the open season's levels with their prices and what they buy, the refund
 * rule, and the form that mails the first adult a link to pay. With no season open it says so. `?sent=paid` is
 * where Stripe's page returns a family after paying.
 */
export default function JoinPage() {
  useDocumentTitle('Join Booster Club')
  const levels = useSWR<PublicLevel[]>(PUBLIC_DATA.membershipLevels).data ?? []
  // Only a renewal reminder's link brings these (the server writes them into the page; nothing is fetched).
  const prefill = useSWR<JoinPrefill>(MEMBER_DATA.prefill, null).data
  const paid = useSearchParams()[0].get('sent') === 'paid'
  const email = useSiteText()['contact/email']
  const season = levels[0]
  return (
    <PublicLayout
      header={
        <PageHero eyebrow="Membership" title="Join Booster Club">
          <p>
            Booster families fund uniforms, travel and the banquet, and vote at the monthly meetings. Dues are per family, for the whole
            season.
          </p>
        </PageHero>
      }
    >
      {paid && (
        <div className="wrap pt-10">
          <div role="status" className="form-notice success" data-testid="paid-notice">
            <p className="font-bold">Thank you for joining!</p>
            <p>Your payment is being confirmed. Your receipt comes by email, and your family’s page is at /member.</p>
          </div>
        </div>
      )}
      {season ? (
        <>
          <section aria-labelledby="levels-title" className="wrap py-14">
            <h2 id="levels-title" className="section-title">
              {`Membership for ${season.seasonLabel}`}
            </h2>
            <p className="lead">
              {`Choose a level below. Dues are refunded on request within ${season.refundDays} days of paying${email ? `: write to ${email}` : ''}.`}
            </p>
            <div className="mt-8 grid gap-6 md:grid-cols-3">
              {levels.map((level) => (
                <LevelCard key={level.id} level={level} />
              ))}
            </div>
          </section>
          <section aria-labelledby="join-form" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
            <div className="panel sm:p-10">
              <h2 id="join-form" className="text-2xl font-extrabold text-gray-900 sm:text-3xl">
                {`Join for ${season.seasonLabel}`}
              </h2>
              <p className="mt-2 text-gray-600">
                We mail the first adult a link: it shows your dues and takes you to payment. Required fields are marked with an asterisk
                (*).
              </p>
              <div className="mt-8">
                <JoinForm levels={levels} prefill={prefill} />
              </div>
            </div>
          </section>
        </>
      ) : (
        <section className="wrap py-14" aria-labelledby="closed-title">
          <h2 id="closed-title" className="section-title">
            Membership is not open right now
          </h2>
          <p className="lead">The next season’s membership opens soon.{email ? ` Questions? Write to ${email}.` : ''}</p>
        </section>
      )}
    </PublicLayout>
  )
}
