import { Dialog } from 'radix-ui'
import { useState, type FormEvent } from 'react'
import useSWR, { mutate as mutateSession, useSWRConfig } from 'swr'
import { toast } from '#ui/toast.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { AuditLogPanel } from './AuditLogPanel'
import { TwoFactorSection } from './TwoFactorSection'
import { Button } from './components/Button'
import { CloseFooter, overlayClass } from './components/EntityDialog'
import { FieldLook, FormField } from '#ui/form/fields.tsx'
import { ADMIN_FIELD_LOOK } from './components/adminFieldLook'
import { errorMessage, serverFieldErrors } from './lib/errors'
import { ListState } from './components/States'
import { formatDay } from './lib/format'
import type { OwnSession, SessionResponse, TwoFactorStatus } from '#shared/api'
import { KEYS } from './lib/keys'

/** After an account change: the session list and every page of the audit log are fetched again. */
function useRefreshAccount() {
  const { mutate } = useSWRConfig()
  return () => void mutate((key) => key === KEYS.sessions || (typeof key === 'string' && key.startsWith(KEYS.auditLog)))
}

const when = (iso: string) => `${formatDay(iso)} ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`

/** "Account" in the header: two-factor sign-in, change your password, see and end your sessions, and (admins) read the audit log. */
export function AccountDialog({ user }: { user: SessionResponse['user'] }) {
  const [open, setOpen] = useState(false)
  const isAdmin = (user.role ?? 'admin') === 'admin'
  // While the club requires two-factor sign-in for admins, an admin without it lands here first.
  const twoFactor = useSWR<TwoFactorStatus>(KEYS.twoFactor)
  const mustSetUp = twoFactor.data?.mustSetUp === true
  const [openedForSetUp, setOpenedForSetUp] = useState(false)
  if (mustSetUp && !openedForSetUp) {
    setOpenedForSetUp(true)
    setOpen(true)
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="inline-flex min-h-10 items-center rounded-md px-3 py-2 text-sm text-brand-100 hover:bg-white/10 hover:text-white"
        >
          Account
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl focus:outline-none">
          <div className="border-b border-gray-200 px-6 pb-4 pt-5">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Account and security</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-gray-600">Signed in as {user.username}.</Dialog.Description>
          </div>
          <div className="grid min-h-0 gap-8 overflow-y-auto px-6 py-5">
            <TwoFactorSection isAdmin={isAdmin} />
            <ChangeEmail user={user} />
            <ChangePassword />
            <OwnSessions />
            {isAdmin && !mustSetUp && <AuditLogPanel />}
          </div>
          <CloseFooter />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Your email: where invitations, "Forgot password?" links and notices go; a new one takes effect once confirmed from it. */
function ChangeEmail({ user }: { user: SessionResponse['user'] }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setError(undefined)
    try {
      const session = await apiRequest<SessionResponse>('POST', KEYS.email, { email })
      setEmail('')
      toast(
        session.user.pendingEmail
          ? {
              title: 'Confirm your new email',
              description: `A link is on its way to ${session.user.pendingEmail}: the new address takes effect once you open it.`,
            }
          : { title: 'Email changed', description: `Your mail now goes to ${session.user.email ?? 'no address'}.` },
      )
      // The session's own copy (outside the dashboard's cache: lib/session.ts) now names the address.
      await mutateSession(KEYS.me, session, { revalidate: false })
    } catch (err) {
      setError(serverFieldErrors(err)?.email ?? errorMessage(err))
    } finally {
      setPending(false)
    }
  }
  return (
    <section aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="mb-1 text-base font-semibold text-gray-900">
        Email
      </h3>
      <p className="mb-3 text-sm text-gray-700" data-testid="account-email">
        {user.email ? `Your mail goes to ${user.email}.` : 'No email yet: “Forgot password?” cannot reach you.'}
        {user.pendingEmail ? ` Waiting for you to confirm ${user.pendingEmail} from the link mailed there.` : ''}
      </p>
      <FieldLook look={ADMIN_FIELD_LOOK}>
        <form method="post" noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md">
          <FormField id="new-email" label="New email" required error={error}>
            {(props) => <input {...props} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </FormField>
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : 'Change email'}
            </Button>
          </div>
        </form>
      </FieldLook>
    </section>
  )
}

function ChangePassword() {
  const [currentPassword, setCurrent] = useState('')
  const [newPassword, setNew] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  const refresh = useRefreshAccount()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setErrors({})
    try {
      await apiRequest('POST', KEYS.password, { currentPassword, newPassword })
      setCurrent('')
      setNew('')
      toast({ title: 'Password changed', description: 'Your other sessions have been signed out.' })
      refresh()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? { form: errorMessage(error) })
    } finally {
      setPending(false)
    }
  }

  return (
    <section aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="mb-3 text-base font-semibold text-gray-900">
        Change password
      </h3>
      <FieldLook look={ADMIN_FIELD_LOOK}>
        <form method="post" noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md">
          <FormField id="current-password" label="Current password" required error={errors.currentPassword}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => setCurrent(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="new-password"
            label="New password"
            required
            hint="At least 12 characters; a long passphrase is best."
            error={errors.newPassword}
          >
            {(props) => (
              <input {...props} type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} />
            )}
          </FormField>
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.form}
            </p>
          )}
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </FieldLook>
    </section>
  )
}

/** Field errors from a 400 answer's `issues`, keyed by field. */
function OwnSessions() {
  const sessions = useSWR<OwnSession[]>(KEYS.sessions, { revalidateOnMount: true })
  const [pending, setPending] = useState(false)
  const refresh = useRefreshAccount()

  const signOutOthers = async () => {
    setPending(true)
    try {
      const { ended } = await apiRequest<{ ended: number }>('POST', KEYS.revokeOtherSessions)
      toast({ title: ended === 1 ? '1 other session signed out' : `${ended} other sessions signed out` })
      refresh()
    } catch (error) {
      toast({ title: 'Could not sign out the other sessions', description: errorMessage(error), variant: 'destructive' })
    } finally {
      setPending(false)
    }
  }

  return (
    <section aria-labelledby="sessions-title" className="grid gap-3">
      <h3 id="sessions-title" className="text-base font-semibold text-gray-900">
        Your sessions
      </h3>
      <p className="text-sm text-gray-600">A session ends after 30 minutes without activity, and 12 hours after signing in.</p>
      <ListState
        what="your sessions"
        data={sessions.data}
        error={sessions.error}
        isLoading={sessions.isLoading}
        retry={() => void sessions.mutate()}
        empty={<p className="text-gray-600">No active sessions</p>}
      >
        {(items) => (
          <ul aria-label="Active sessions" className="divide-y divide-gray-100 rounded-md border border-gray-200">
            {items.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
                <span className="text-gray-900">
                  Signed in {when(s.createdAt)}
                  {s.current && (
                    <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">This browser</span>
                  )}
                </span>
                <span className="text-gray-600">ends by {when(s.expiresAt)} if idle</span>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <div>
        <Button variant="secondary" disabled={pending || (sessions.data?.length ?? 0) < 2} onClick={signOutOthers}>
          {pending ? 'Signing out...' : 'Sign out everywhere else'}
        </Button>
      </div>
    </section>
  )
}
