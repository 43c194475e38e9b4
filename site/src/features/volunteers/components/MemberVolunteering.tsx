import useSWR from 'swr'
import { hoursInWords, VOLUNTEER_DATA, type MemberVolunteering as View } from '#shared/volunteers'
import { FormNotice } from '#ui/form/FormNotice.tsx'
import { SignupCard } from './SignupCard'

const DONE = {
  cancelled: { title: 'Done', description: 'The sign-up is cancelled.' },
  accepted: { title: 'The place is yours', description: 'You are confirmed. See you there!' },
}

/**
 * The household's volunteering on /member (the site's root puts it there: site/src/app/MemberPageWithSections.tsx):
 * its hours this season against what it owes, and its sign-ups, each to cancel or take an offered place.
 */
export function MemberVolunteering() {
  const view = useSWR<View | null>(VOLUNTEER_DATA.member, null).data
  if (!view) return null
  const ahead = view.signups.filter((s) => Date.parse(s.shift.endsAt) > Date.parse(view.asOf))
  return (
    <section id="volunteering" aria-labelledby="volunteering-title" className="panel space-y-6 sm:p-10">
      <div>
        <h2 id="volunteering-title" className="text-2xl font-extrabold text-gray-900">
          Volunteering
        </h2>
        {view.hours.season && (
          <p className="mt-2 text-lg" data-testid="volunteer-hours">
            {hoursInWords(view.hours)} ({view.hours.season.label})
          </p>
        )}
      </div>
      {view.done && <FormNotice answer={{ kind: 'success' }} success={DONE[view.done]} />}
      {ahead.length > 0 ? (
        ahead.map((signup) => (
          <SignupCard
            key={signup.id}
            signup={signup}
            headingLevel={3}
            actions={{ cancel: `/member/volunteer/${signup.id}/cancel`, accept: `/member/volunteer/${signup.id}/accept` }}
          />
        ))
      ) : (
        <p>Your household has no shifts ahead.</p>
      )}
      <a href="/volunteer" className="btn btn-primary">
        Find a shift
      </a>
    </section>
  )
}
