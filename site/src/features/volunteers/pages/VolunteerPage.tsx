import useSWR from 'swr'
import {
  formatHours,
  placesInWords,
  VOLUNTEER_DATA,
  type PublicShift,
  type PublicVolunteerEvent,
  type VolunteerPageData,
} from '#shared/volunteers'
import { TextField } from '#ui/form/fields.tsx'
import { FormNotice } from '#ui/form/FormNotice.tsx'
import { PageHero } from '#site/components/layout/PageHero.tsx'
import { PublicLayout } from '#site/components/layout/PublicLayout.tsx'
import { Honeypot } from '#site/components/ui/Honeypot.tsx'
import { usePostedForm, usePublicForm } from '#site/lib/postedForm.tsx'
import { useDocumentTitle } from '#site/lib/useDocumentTitle.ts'
import { eventDay, shiftWhen } from '../components/clubTime'

const PLACED: Record<NonNullable<VolunteerPageData['placed']>, { title: string; description: string }> = {
  confirmed: {
    title: 'You’re signed up. Thank you!',
    description: 'Your confirmation is on its way by email, with the shift for your calendar and your own link to cancel.',
  },
  waitlisted: {
    title: 'You’re on the waitlist',
    description: 'The shift is full. We email you if a place opens; your email has your own link to leave the waitlist.',
  },
}

const isFull = (shift: PublicShift) => shift.open === 0 && shift.waitlist === 0

/** One shift to choose: its job, time, places left and what to know. */
function ShiftOption({ shift, chosen }: { shift: PublicShift; chosen: boolean }) {
  const id = `shift-${shift.id}`
  return (
    <li className={`shift-option ${isFull(shift) ? 'full' : ''}`}>
      <input
        id={id}
        type="radio"
        name="shiftId"
        value={shift.id}
        defaultChecked={chosen}
        disabled={isFull(shift)}
        aria-describedby={`${id}-more`}
      />
      <label htmlFor={id}>
        <span className="font-bold text-gray-900">{shift.role}</span>
        <span className="block">{shiftWhen(shift)}</span>
      </label>
      <div id={`${id}-more`} className="shift-more">
        <p className={shift.open > 0 ? 'font-semibold text-brand-800' : 'font-semibold text-gray-700'}>{placesInWords(shift)}</p>
        <p>{formatHours(shift.hours)} volunteer hours</p>
        {shift.names && shift.names.length > 0 && <p>Signed up: {shift.names.join(', ')}</p>}
        {shift.instructions && <p className="text-gray-600">{shift.instructions}</p>}
      </div>
    </li>
  )
}

/** The open events' shifts as the form's choices, then the volunteer's details. */
function SignupForm({ events, placed }: { events: PublicVolunteerEvent[]; placed: VolunteerPageData['placed'] }) {
  const { form, answer } = usePublicForm('volunteer', { name: '', email: '', phone: '' })
  const posted = usePostedForm('volunteer')
  const error = (name: string) => posted?.errors[name]
  return (
    <form method="post" action="/volunteer" noValidate className="form" id="volunteer-form" aria-labelledby="volunteer-form-title">
      <h2 id="volunteer-form-title" className="section-title">
        Open shifts
      </h2>
      {placed && <FormNotice answer={{ kind: 'success' }} success={PLACED[placed]} />}
      {answer?.kind === 'error' && <FormNotice answer={answer} success={{ title: '', description: '' }} />}
      {events.length === 0 ? (
        <p className="empty-box">
          <span>No shifts are open right now.</span>
          <span>Check back soon: new shifts open before each home game.</span>
        </p>
      ) : (
        <>
          {error('shiftId') && (
            <p id="shift-error" className="field-error">
              Choose a shift
            </p>
          )}
          {events.map((event) => (
            <fieldset key={event.id} className="panel">
              <legend className="h3 text-gray-900">{event.title}</legend>
              <p className="mt-1 text-gray-700">
                {eventDay(event.day)} · {event.place}
              </p>
              <ul className="mt-4 space-y-3">
                {event.shifts.map((shift) => (
                  <ShiftOption key={shift.id} shift={shift} chosen={posted?.values.shiftId === shift.id} />
                ))}
              </ul>
            </fieldset>
          ))}
          <fieldset className="panel space-y-5">
            <legend className="h3 text-gray-900">Your details</legend>
            <TextField form={form} name="name" label="Your name" required autoComplete="name" />
            <TextField form={form} name="email" label="Email" required type="email" autoComplete="email" />
            <TextField
              form={form}
              name="phone"
              label="Phone"
              optional
              type="tel"
              autoComplete="tel"
              hint="Only the event’s coordinator sees it, to reach you on the day. Deleted when the season ends."
            />
            <div>
              <label className="flex min-h-11 items-center gap-3 font-semibold text-gray-900">
                <input
                  type="checkbox"
                  name="adult"
                  value="true"
                  className="size-5"
                  defaultChecked={posted?.values.adult === 'true'}
                  aria-invalid={Boolean(error('adult'))}
                  aria-describedby={error('adult') ? 'adult-error' : undefined}
                />
                I am an adult (18 or older)
              </label>
              {error('adult') && (
                <p id="adult-error" className="field-error">
                  Volunteers must be adults: tick the box to say you are 18 or older.
                </p>
              )}
            </div>
            <p className="text-sm text-gray-600">
              Volunteers are adults. Your name is never shown on this page; the coordinator and the club’s admins see who is on each shift.
            </p>
            <Honeypot id="volunteer-hp" />
            <button type="submit" className="btn btn-primary">
              Sign up
            </button>
          </fieldset>
        </>
      )}
    </form>
  )
}

/**
 * /volunteer (docs/VOLUNTEERS.md): the club's volunteer page text (the footer page an editor publishes), then the
 * open shifts with their places left, and the form that signs an adult up. Works without its JavaScript.
 */
export default function VolunteerPage() {
  const events = useSWR<PublicVolunteerEvent[]>(VOLUNTEER_DATA.events, null).data ?? []
  const page = useSWR<VolunteerPageData>(VOLUNTEER_DATA.page, null).data
  useDocumentTitle('Volunteer')
  return (
    <PublicLayout header={<PageHero eyebrow="Volunteers" title="Volunteer Information" />}>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6">
        {page?.text && (
          <section aria-label="About volunteering" className="panel">
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: page.text.html }} />
          </section>
        )}
        <SignupForm events={events} placed={page?.placed ?? null} />
      </div>
    </PublicLayout>
  )
}
