import { AlertDialog } from 'radix-ui'
import { useId, useState } from 'react'
import useSWR from 'swr'
import { SIGNUP_STATUS_LABELS, shiftTimeLabel, type SignupStatus } from '#shared/volunteers'
import { Button } from '#portal/components/Button.tsx'
import { overlayClass, panelClass } from '#portal/components/EntityDialog.tsx'
import { EmptyState, ListState } from '#portal/components/States.tsx'
import { useClubTimeZone } from '#portal/lib/session.ts'
import type { VolunteerEvent, VolunteerShift, VolunteerSignup } from '../../payload-types'
import { act } from './actions'

const ON_THE_DAY = ['confirmed', 'checked-in', 'no-show', 'offered'].join(',')

/**
 * Game day on a phone: the shift's volunteers as big names to tap (checked in, or undone), their phone to call, and
 * "Close shift", which marks whoever is not checked in a no-show. Each tap is one sign-up's change through Payload's
 * REST, where the collection's rules credit the hours and allow a coordinator nothing else.
 */
export function CheckIn({ shiftId, onBack }: { shiftId: string; onBack: () => void }) {
  const id = useId()
  const zone = useClubTimeZone() || 'UTC'
  const shift = useSWR<VolunteerShift>(`/cms-api/volunteer-shifts/${shiftId}?depth=1`)
  const signups = useSWR<{ docs: VolunteerSignup[] }>(
    `/cms-api/volunteer-signups?where[shift][equals]=${shiftId}&where[status][in]=${ON_THE_DAY}&sort=name&limit=500&depth=0`,
  )
  const [busy, setBusy] = useState<string | null>(null)
  const event = shift.data && typeof shift.data.event === 'object' ? (shift.data.event as VolunteerEvent) : null
  const docs = signups.data?.docs
  const checkedIn = docs?.filter((s) => s.status === 'checked-in').length ?? 0

  const toggle = async (signup: VolunteerSignup) => {
    setBusy(signup.id)
    const status = signup.status === 'checked-in' ? 'confirmed' : 'checked-in'
    await act(
      'PATCH',
      `/cms-api/volunteer-signups/${signup.id}`,
      { status },
      status === 'checked-in' ? `${signup.name} checked in` : `${signup.name}: check-in undone`,
      'Could not check in',
    )
    setBusy(null)
  }
  return (
    <section aria-labelledby={id} className="mx-auto max-w-xl space-y-4">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <span aria-hidden="true">←</span> All volunteer events
      </Button>
      <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id={id} className="text-xl font-bold text-gray-900">
          Check-in: {shift.data?.role ?? '…'}
        </h2>
        {shift.data && (
          <p className="text-sm text-gray-700">
            {event?.title} · {shiftTimeLabel(shift.data.startsAt, shift.data.endsAt, zone)} · {event?.place}
          </p>
        )}
        <p role="status" className="mt-2 font-semibold text-gray-900">
          {checkedIn} of {docs?.length ?? 0} checked in
        </p>
      </div>
      <ListState
        what="volunteers"
        data={docs}
        error={signups.error}
        isLoading={signups.isLoading}
        retry={() => void signups.mutate()}
        empty={<EmptyState title="No one to check in: nobody is on this shift, or it is not yours to run." />}
      >
        {(list) => (
          <ul className="space-y-2" aria-label="Volunteers on this shift">
            {list.map((signup) => (
              <li key={signup.id} className="flex items-stretch gap-2">
                <button
                  type="button"
                  aria-pressed={signup.status === 'checked-in'}
                  disabled={busy === signup.id || signup.status === 'offered'}
                  onClick={() => void toggle(signup)}
                  className={`flex min-h-14 flex-1 items-center justify-between gap-3 rounded-lg border px-4 text-left text-lg font-semibold ${
                    signup.status === 'checked-in'
                      ? 'border-brand-700 bg-brand-50 text-brand-900'
                      : 'border-gray-300 bg-white text-gray-900'
                  }`}
                >
                  <span className="wrap-anywhere">{signup.name}</span>
                  <span className="text-sm font-medium whitespace-nowrap">{SIGNUP_STATUS_LABELS[signup.status as SignupStatus]}</span>
                </button>
                {signup.phone && (
                  <a
                    href={`tel:${signup.phone}`}
                    className="flex min-h-14 items-center rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-brand-800"
                  >
                    Call<span className="sr-only"> {signup.name}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {docs && docs.length > 0 && <CloseShift shiftId={shiftId} left={docs.length - checkedIn} />}
    </section>
  )
}

/** "Close shift", behind a confirmation: focus starts on Cancel. */
function CloseShift({ shiftId, left }: { shiftId: string; left: number }) {
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const close = async () => {
    setPending(true)
    if (await act('POST', `/api/admin/volunteer/shifts/${shiftId}/close`, undefined, 'Shift closed', 'Could not close the shift'))
      setOpen(false)
    setPending(false)
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button variant="danger" className="w-full">
          Close shift
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={`${panelClass} p-6`}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">Close this shift?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            {left === 0 ? 'Everyone is checked in.' : `${left} not checked in will be marked no-show.`} You can still check in a late
            arrival after.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" disabled={pending} onClick={() => void close()}>
              {pending ? 'Closing...' : 'Close shift'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
