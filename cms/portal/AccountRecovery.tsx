import { Dialog } from 'radix-ui'
import { useState, type FormEvent, type ReactNode } from 'react'
import { toast } from '#ui/toast.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { Button } from './components/Button'
import { overlayClass, panelClass } from './components/EntityDialog'
import { FieldLook, FormField } from '#ui/form/fields.tsx'
import { ADMIN_FIELD_LOOK } from './components/adminFieldLook'
import { errorMessage } from './lib/errors'
import { sessionStarted } from './lib/session'
import type { SessionResponse } from '#shared/api'
import { useAddressParams } from './lib/addressParams'
import { KEYS } from './lib/keys'

/**
 * On the login card: "Forgot password?" asks for the account's email (the
 * answer is the same for any address); a recovery link (/admin?reset=…) opens
 * "Choose a new password", an invitation's (…&invited=1) "Choose your password"; a one-time sign-in link
 * (/admin/login?signin=…, mailed when many failed logins asked for a second step) opens "Sign in with the link";
 * a new address's confirmation (/admin?confirm-email=…) "Confirm your new email address".
 */
export function AccountRecovery() {
  const [params, setParams] = useAddressParams()
  // Payload sends a signed-out visit of /admin?reset=… to /admin/login?redirect=%3Freset%3D…: the link's query rides in `redirect`.
  const carried = new URLSearchParams(params.get('redirect')?.split('?')[1] ?? '')
  const token = params.get('reset') ?? carried.get('reset')
  const invited = (params.get('invited') ?? carried.get('invited')) === '1'
  const signIn = params.get('signin') ?? carried.get('signin')
  const confirmEmail = params.get('confirm-email') ?? carried.get('confirm-email')
  const [forgotOpen, setForgotOpen] = useState(false)
  const closeReset = () => setParams({})
  return (
    <>
      <Button variant="ghost" size="sm" className="text-brand-800 underline-offset-2 hover:underline" onClick={() => setForgotOpen(true)}>
        Forgot password?
      </Button>
      <ForgotPassword open={forgotOpen} onOpenChange={setForgotOpen} />
      {token && <ResetPassword token={token} invited={invited} onDone={closeReset} />}
      {signIn && <SignInWithLink token={signIn} onDone={closeReset} />}
      {confirmEmail && <ConfirmEmail token={confirmEmail} onDone={closeReset} />}
    </>
  )
}

function RecoveryDialog(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={panelClass}>
          <div className="border-b border-gray-200 px-6 pb-4 pt-5">
            <Dialog.Title className="text-lg font-semibold text-gray-900">{props.title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-gray-600">{props.description}</Dialog.Description>
          </div>
          <div className="px-6 py-5">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ForgotPassword({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [email, setEmail] = useState('')
  const [answer, setAnswer] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setError(undefined)
    try {
      setAnswer((await apiRequest<{ message: string }>('POST', KEYS.recover, { email })).message)
    } catch (err) {
      setError(errorMessage(err))
    } finally {
      setPending(false)
    }
  }

  return (
    <RecoveryDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) setAnswer(null)
      }}
      title="Forgot password"
      description="Enter the email address of your admin account; we will send a link to choose a new password."
    >
      {answer ? (
        <div className="grid gap-4">
          <p role="status" className="text-sm text-gray-900">
            {answer}
          </p>
          <Dialog.Close asChild>
            <Button>Close</Button>
          </Dialog.Close>
        </div>
      ) : (
        <FieldLook look={ADMIN_FIELD_LOOK}>
          <form method="post" noValidate onSubmit={submit} className="grid gap-4">
            <FormField id="recovery-email" label="Email" required error={error}>
              {(props) => <input {...props} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>
                {pending ? 'Sending...' : 'Send link'}
              </Button>
            </div>
          </form>
        </FieldLook>
      )}
    </RecoveryDialog>
  )
}

/**
 * A request made with an emailed link's token: pending while it runs, its
 * error shown, `onDone` on success, then what the request handed back (the
 * link leaves the address before a new session moves the portal on).
 */
function useLinkRequest(onDone: () => void) {
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)
  const run = async (request: () => Promise<(() => void) | void>) => {
    setPending(true)
    setError(undefined)
    try {
      const then = await request()
      onDone()
      then?.()
    } catch (err) {
      setError(errorMessage(err))
      setPending(false)
    }
  }
  return { error, pending, run }
}

/** A recovery link's "Choose a new password", or an invitation's "Choose your password" (a new staff account). */
function ResetPassword({ token, invited, onDone }: { token: string; invited: boolean; onDone: () => void }) {
  const [password, setPassword] = useState('')
  const { error, pending, run } = useLinkRequest(onDone)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      const { username } = await apiRequest<{ username: string }>('POST', KEYS.recoverReset, { token, password })
      toast({
        title: invited ? 'Password chosen' : 'Password changed',
        description: `Log in as ${username} with your ${invited ? '' : 'new '}password.`,
      })
    })
  }

  return (
    <RecoveryDialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={invited ? 'Welcome: choose your password' : 'Choose a new password'}
      description={
        invited
          ? 'Your invitation works once, for 3 days after it was sent. Nobody else sees or knows the password you choose.'
          : 'The link works once, for 30 minutes after it was sent.'
      }
    >
      <FieldLook look={ADMIN_FIELD_LOOK}>
        <form method="post" noValidate onSubmit={submit} className="grid gap-4">
          <FormField
            id="recovery-password"
            label="New password"
            required
            hint="At least 12 characters; a long passphrase is best."
            error={error}
          >
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : invited ? 'Save my password' : 'Save new password'}
            </Button>
          </div>
        </form>
      </FieldLook>
    </RecoveryDialog>
  )
}

/**
 * An emailed link that acts only when the person presses its one button: a mail scanner opening the link spends
 * nothing. `act` runs the request; what it hands back runs once the link has left the address.
 */
function LinkButtonDialog(props: {
  title: string
  description: string
  label: string
  pendingLabel: string
  onDone: () => void
  act: () => Promise<(() => void) | void>
}) {
  const { error, pending, run } = useLinkRequest(props.onDone)
  return (
    <RecoveryDialog open onOpenChange={(open) => !open && props.onDone()} title={props.title} description={props.description}>
      <div className="grid gap-4">
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <Button onClick={() => void run(props.act)} disabled={pending}>
            {pending ? props.pendingLabel : props.label}
          </Button>
        </div>
      </div>
    </RecoveryDialog>
  )
}

function SignInWithLink({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <LinkButtonDialog
      title="Sign in with the emailed link"
      description="The link works once, for 15 minutes after it was sent."
      label="Sign in"
      pendingLabel="Signing in..."
      onDone={onDone}
      act={async () => {
        const session = await apiRequest<SessionResponse>('POST', KEYS.loginLink, { token })
        return () => sessionStarted(session)
      }}
    />
  )
}

/** A confirmation link opened while signed in: the dashboard asks the same as the login card. */
export function EmailConfirmationLink() {
  const [params, setParams] = useAddressParams()
  const token = params.get('confirm-email')
  return token ? <ConfirmEmail token={token} onDone={() => setParams({})} /> : null
}

/** A new email address's confirmation link (/admin?confirm-email=…). */
function ConfirmEmail({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <LinkButtonDialog
      title="Confirm your new email address"
      description="Your admin account's mail goes to the new address once you confirm it. The link works once, for 24 hours."
      label="Confirm this address"
      pendingLabel="Confirming..."
      onDone={onDone}
      act={async () => {
        const { email } = await apiRequest<{ email: string }>('POST', KEYS.confirmEmail, { token })
        toast({ title: 'Email confirmed', description: `Your admin account's mail now goes to ${email}.` })
      }}
    />
  )
}
