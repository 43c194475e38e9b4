import useSWR from 'swr'
import { VOLUNTEER_DATA, type ManageView } from '#shared/volunteers'
import { FormNotice } from '#ui/form/FormNotice.tsx'
import { PageHero } from '#site/components/layout/PageHero.tsx'
import { PublicLayout } from '#site/components/layout/PublicLayout.tsx'
import { useDocumentTitle } from '#site/lib/useDocumentTitle.ts'
import { SignupCard } from '../components/SignupCard'

const DONE = {
  cancelled: { title: 'Done', description: 'Your sign-up is cancelled. Thank you for telling us in time.' },
  accepted: { title: 'The place is yours', description: 'You are confirmed. See you there!' },
}

/** /volunteer/manage/<token>: a volunteer's own sign-up by their mailed link (no account), or why the link opens none. */
export default function ManagePage() {
  const view = useSWR<ManageView>(VOLUNTEER_DATA.manage, null).data ?? { state: 'unknown' }
  useDocumentTitle('Your volunteer shift')
  return (
    <PublicLayout header={<PageHero eyebrow="Volunteers" title="Your volunteer shift" />}>
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-12 sm:px-6">
        {view.state === 'found' ? (
          <>
            {view.done && <FormNotice answer={{ kind: 'success' }} success={DONE[view.done]} />}
            <SignupCard
              signup={view.signup}
              actions={{
                cancel: `/volunteer/manage/${view.token}/cancel`,
                accept: `/volunteer/manage/${view.token}/accept`,
                calendar: `/api/volunteer/signups/${view.token}/calendar.ics`,
              }}
            />
            <p className="text-sm text-gray-600">
              This page is yours alone: anyone with its link can change your sign-up, so keep the link to yourself.
            </p>
          </>
        ) : (
          <div className="panel space-y-3">
            <h2 className="h3 text-gray-900">This link opens no sign-up</h2>
            <p>It may be mistyped, or the sign-up was removed. Your confirmation email has the link to use.</p>
          </div>
        )}
        <p>
          <a href="/volunteer" className="link">
            See all open shifts
          </a>
        </p>
      </div>
    </PublicLayout>
  )
}
