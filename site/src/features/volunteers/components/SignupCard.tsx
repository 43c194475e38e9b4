import { formatHours, SIGNUP_STATUS_LABELS, type OwnSignup } from '#shared/volunteers'
import { clubClock, eventDay, shiftWhen } from './clubTime'

/**
 * A volunteer's own sign-up (their link's page, and each of a household's on /member): the shift, where it stands,
 * and what they may do: take an offered place, cancel (saying when a cancel counts as late). Plain forms to
 * `actions`' addresses, so each works without the page's code.
 */
export function SignupCard({
  signup,
  actions,
  headingLevel = 2,
}: {
  signup: OwnSignup
  actions: { cancel: string; accept: string; calendar?: string }
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { shift, event } = signup
  return (
    <article className="panel space-y-4" aria-label={`${shift.role}, ${event.title}`}>
      <div>
        <p className="eyebrow">{shift.cancelled ? 'Cancelled by the club' : SIGNUP_STATUS_LABELS[signup.status]}</p>
        <Heading className="h3 mt-1 text-gray-900">{shift.role}</Heading>
        <p className="mt-1 text-gray-700">
          {event.title} · {eventDay(event.day)}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-bold">When</dt>
        <dd>{shiftWhen(shift)}</dd>
        <dt className="font-bold">Where</dt>
        <dd>{event.place}</dd>
        <dt className="font-bold">Hours</dt>
        <dd>{formatHours(shift.hours)}</dd>
      </dl>
      {shift.instructions && <p className="text-gray-700">{shift.instructions}</p>}
      {signup.status === 'offered' && signup.offerExpiresAt && (
        <form method="post" action={actions.accept} className="space-y-2">
          <p className="font-semibold text-brand-900">
            A place opened for you: it is yours if you take it by {clubClock(signup.offerExpiresAt)}.
          </p>
          <button type="submit" className="btn btn-primary">
            Take the place
          </button>
        </form>
      )}
      {actions.calendar && !shift.cancelled && ['confirmed', 'offered'].includes(signup.status) && (
        <p>
          <a href={actions.calendar} className="link" download>
            Add to my calendar (.ics)
          </a>
        </p>
      )}
      {signup.canCancel && (
        <form method="post" action={actions.cancel} className="space-y-2">
          <p className="text-sm text-gray-700">
            {signup.cancelIsLate
              ? 'It is less than the club’s cut-off before the shift: a cancel now counts as a late cancel. Please also tell the coordinator.'
              : `A cancel before ${clubClock(signup.cancelFreeUntil)} frees your place for someone else.`}
          </p>
          <button type="submit" className="btn border-2 border-red-700 text-red-800 hover:bg-red-50">
            {signup.status === 'waitlisted'
              ? 'Leave the waitlist'
              : signup.status === 'offered'
                ? 'Decline the place'
                : 'Cancel my sign-up'}
          </button>
        </form>
      )}
    </article>
  )
}
