import useSWR from 'swr'
import { MEMBER_DATA, type SignInView } from '#shared/membership'
import { PublicLayout } from '#site/components/layout/PublicLayout.tsx'
import { useDocumentTitle } from '#site/lib/useDocumentTitle.ts'
import { PageHero } from '#site/components/layout/PageHero.tsx'

/**
 * A sign-in link's page (/member/sign-in/<token>): one button that spends the link and opens the family's page.
 * A mail scanner that follows the link only reads this page; the link is spent by the button's post.
 */
export default function SignInPage() {
  const view = useSWR<SignInView>(MEMBER_DATA.signIn, null).data ?? { state: 'unknown' }
  useDocumentTitle('Sign in')
  return (
    <PublicLayout header={<PageHero eyebrow="Members" title={view.state === 'ready' ? 'Sign in' : 'This link does not work'} />}>
      <section className="wrap py-14">
        {view.state === 'ready' ? (
          <form method="post" action={view.action}>
            <p className="lead">Open your family’s page on this device.</p>
            <button type="submit" className="btn btn-primary mt-6">
              Sign in
            </button>
          </form>
        ) : (
          <>
            <p className="lead">
              {view.state === 'expired'
                ? 'This sign-in link was used already or has expired: each works once, for a short time.'
                : 'This sign-in link is not valid.'}{' '}
              Ask for a new one: it comes by mail.
            </p>
            <a href="/member" className="btn btn-primary mt-6">
              Ask for a new link
            </a>
          </>
        )}
      </section>
    </PublicLayout>
  )
}
