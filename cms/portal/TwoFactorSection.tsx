import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import useSWR, { useSWRConfig } from 'swr'
import { secondFactorConfirmSchema, secondFactorDisableSchema } from '#shared/schemas'
import { FieldLook, TextField } from '#ui/form/fields.tsx'
import { toast } from '#ui/toast.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { useForm, type FormApi, type FormValues } from '#ui/lib/form.ts'
import { validate } from '#ui/lib/validate.ts'
import { Button, buttonClass } from './components/Button'
import { ADMIN_FIELD_LOOK } from './components/adminFieldLook'
import { LoadError } from './components/States'
import { applyServerError, errorMessage } from './lib/errors'
import type { TotpEnrolment, TwoFactorStatus } from '#shared/api'
import { KEYS } from './lib/keys'

/** The signed-in account's two-factor status (cms/api/twoFactor.ts); the dashboard reads it too, to open the set-up when the club requires it. */
const CODE_HINT = 'The 6-digit code your authenticator app shows now, or one of your recovery codes.'

/**
 * The section's three code forms (confirm the set-up, new recovery codes, turn
 * off): validate, send to /api/admin/account/two-factor/<action>, and on a
 * refusal show the reason beside the field the server names, else beside the
 * code. Answers the server's JSON (each action sends some), or null on a
 * refusal; the form stays pending on success.
 */
async function sendCodeForm<T = unknown, V extends FormValues & { code: string } = FormValues & { code: string }>(
  form: FormApi<V>,
  schema: z.ZodType,
  action: 'confirm' | 'recovery-codes' | 'disable',
): Promise<T | null> {
  const body = validate(form, schema, form.values)
  if (!body || form.pending) return null
  form.setPending(true)
  try {
    return await apiRequest<T>('POST', `${KEYS.twoFactor}/${action}`, body)
  } catch (error) {
    form.setPending(false)
    if (!applyServerError(form, error)) form.showErrors({ code: errorMessage(error) }, ['code'])
    return null
  }
}

/**
 * "Two-factor sign-in" in the account dialog: set it up (QR code, the secret
 * for typing in, a code to confirm), the recovery codes shown once, new
 * recovery codes, turning it off; and for admins the club's setting.
 */
export function TwoFactorSection({ isAdmin }: { isAdmin: boolean }) {
  const status = useSWR<TwoFactorStatus>(KEYS.twoFactor, { revalidateOnMount: true })
  const { mutate } = useSWRConfig()
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  /** After a change: this status, anything the requirement blocked, and the audit log are fetched again. */
  const refresh = () => void mutate((key) => typeof key === 'string' && key.startsWith('/api/admin/') && key !== KEYS.me)

  return (
    <section aria-labelledby="two-factor-title" className="grid gap-3">
      <h3 id="two-factor-title" className="text-base font-semibold text-gray-900">
        Two-factor sign-in
      </h3>
      <p className="text-sm text-gray-600">
        Signing in then also needs a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password
        and others), so a stolen password alone is not enough.
      </p>
      {status.error ? (
        <LoadError what="your two-factor status" error={status.error} onRetry={() => void status.mutate()} />
      ) : !status.data ? (
        <p className="text-sm text-gray-600">Loading...</p>
      ) : recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.data.enabled ? (
        <Enabled status={status.data} onNewCodes={(codes) => (setRecoveryCodes(codes), refresh())} onDisabled={refresh} />
      ) : (
        <>
          {status.data.mustSetUp && (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              The club requires two-factor sign-in for admins. Set it up to use the rest of the admin portal.
            </p>
          )}
          <SetUp onEnabled={(codes) => (setRecoveryCodes(codes), refresh())} />
        </>
      )}
      {isAdmin && <RequireForAdmins />}
    </section>
  )
}

function SetUp({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [starting, setStarting] = useState(false)
  const form = useForm({ code: '' })

  const start = async () => {
    setStarting(true)
    try {
      setEnrolment(await apiRequest<TotpEnrolment>('POST', KEYS.twoFactorStart))
      form.reset({ code: '' })
    } catch (error) {
      toast({ title: 'Could not start the set-up', description: errorMessage(error), variant: 'destructive' })
    } finally {
      setStarting(false)
    }
  }

  const confirm = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await sendCodeForm<{ recoveryCodes: string[] }>(form, secondFactorConfirmSchema, 'confirm')
    if (!answer) return
    toast({ title: 'Two-factor sign-in is on', description: 'Save your recovery codes now.' })
    onEnabled(answer.recoveryCodes)
  }

  if (!enrolment) {
    return (
      <div>
        <Button onClick={start} disabled={starting}>
          {starting ? 'Starting...' : 'Set up two-factor sign-in'}
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-4 rounded-md border border-gray-200 p-4">
      <ol className="grid list-decimal gap-3 pl-5 text-sm text-gray-800">
        <li>
          In your authenticator app, add an account and scan this QR code:
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt="QR code to add the Lady Hawks admin to your authenticator app"
            width={176}
            height={176}
            className="mt-2 block rounded border border-gray-200 bg-white"
          />
        </li>
        <li>
          Or type this key into the app instead (time-based):{' '}
          <code
            className="break-all rounded bg-gray-100 px-1.5 py-0.5 font-mono text-gray-900"
            aria-label={`Setup key ${enrolment.secret.split('').join(' ')}`}
          >
            {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <FieldLook look={ADMIN_FIELD_LOOK}>
        <form method="post" noValidate onSubmit={confirm} className="grid gap-3 sm:max-w-xs">
          <TextField form={form} name="code" label="Code from the app" required autoComplete="one-time-code" inputMode="numeric" />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={form.pending}>
              {form.pending ? 'Checking...' : 'Turn on two-factor sign-in'}
            </Button>
            <Button variant="secondary" onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </div>
        </form>
      </FieldLook>
    </div>
  )
}

/** Shown once, right after they are made: copy or download them, then they are gone from the screen for good. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Lady Hawks Boosters admin: recovery codes\nEach works once instead of a code from your app.\n\n${codes.join('\n')}\n`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Recovery codes copied' })
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them, or download them.', variant: 'destructive' })
    }
  }
  return (
    <div role="region" aria-labelledby="recovery-codes-title" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h4 id="recovery-codes-title" className="text-sm font-semibold text-amber-950">
        Your recovery codes
      </h4>
      <p className="text-sm text-amber-950">
        Keep them somewhere safe, away from your phone. Each one signs you in once if you lose the app. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm text-gray-900 sm:max-w-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
        <a
          className={buttonClass('secondary')}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="lady-hawks-recovery-codes.txt"
        >
          Download
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  )
}

function Enabled({
  status,
  onNewCodes,
  onDisabled,
}: {
  status: TwoFactorStatus
  onNewCodes: (codes: string[]) => void
  onDisabled: () => void
}) {
  const codesForm = useForm({ code: '' })
  const offForm = useForm({ password: '', code: '' })

  const newCodes = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await sendCodeForm<{ recoveryCodes: string[] }>(codesForm, secondFactorConfirmSchema, 'recovery-codes')
    if (!answer) return
    codesForm.reset({ code: '' })
    onNewCodes(answer.recoveryCodes)
  }

  const turnOff = async (event: FormEvent) => {
    event.preventDefault()
    if (!(await sendCodeForm(offForm, secondFactorDisableSchema, 'disable'))) return
    offForm.reset({ password: '', code: '' })
    toast({ title: 'Two-factor sign-in is off' })
    onDisabled()
  }

  return (
    <div className="grid gap-5">
      <p className="text-sm text-gray-900">
        <span className="rounded bg-green-100 px-2 py-0.5 font-semibold text-green-900">On</span>{' '}
        {status.recoveryCodesLeft === 1 ? '1 recovery code left.' : `${status.recoveryCodesLeft} recovery codes left.`}
      </p>
      <FieldLook look={ADMIN_FIELD_LOOK}>
        <form method="post" noValidate onSubmit={newCodes} aria-labelledby="new-codes-title" className="grid gap-3 sm:max-w-md">
          <h4 id="new-codes-title" className="text-sm font-semibold text-gray-900">
            New recovery codes
          </h4>
          <TextField form={codesForm} name="code" label="Authentication code" hint={CODE_HINT} required autoComplete="one-time-code" />
          <div>
            <Button type="submit" variant="secondary" disabled={codesForm.pending}>
              {codesForm.pending ? 'Making...' : 'Make new recovery codes'}
            </Button>
          </div>
        </form>
        <form method="post" noValidate onSubmit={turnOff} aria-labelledby="turn-off-title" className="grid gap-3 sm:max-w-md">
          <h4 id="turn-off-title" className="text-sm font-semibold text-gray-900">
            Turn off two-factor sign-in
          </h4>
          <TextField form={offForm} name="password" label="Your password" required type="password" autoComplete="current-password" />
          <TextField form={offForm} name="code" label="Authentication code" hint={CODE_HINT} required autoComplete="one-time-code" />
          <div>
            <Button type="submit" variant="danger" disabled={offForm.pending}>
              {offForm.pending ? 'Turning off...' : 'Turn off'}
            </Button>
          </div>
        </form>
      </FieldLook>
    </div>
  )
}

/** The club's setting (also in Payload's admin under Security settings). */
function RequireForAdmins() {
  const settings = useSWR<{ requireTotpForAdmins: boolean }>(KEYS.securitySettings, { revalidateOnMount: true })
  const { mutate } = useSWRConfig()
  const [pending, setPending] = useState(false)

  const change = async (requireTotpForAdmins: boolean) => {
    setPending(true)
    try {
      // Shown at once; put back if the server refuses.
      await settings.mutate(apiRequest('PUT', KEYS.securitySettings, { requireTotpForAdmins }), {
        optimisticData: { requireTotpForAdmins },
        rollbackOnError: true,
        revalidate: false,
      })
      void mutate(KEYS.twoFactor)
      toast({
        title: requireTotpForAdmins ? 'Two-factor sign-in is now required for admins' : 'Two-factor sign-in is now optional for admins',
      })
    } catch (error) {
      toast({ title: 'Could not change the setting', description: errorMessage(error), variant: 'destructive' })
    } finally {
      setPending(false)
    }
  }

  if (!settings.data) return null
  return (
    <label className="flex items-start gap-2 text-sm text-gray-900">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4"
        checked={settings.data.requireTotpForAdmins}
        disabled={pending}
        onChange={(e) => void change(e.target.checked)}
        aria-describedby="require-two-factor-hint"
      />
      <span>
        Require two-factor sign-in for admins
        <span id="require-two-factor-hint" className="block text-gray-600">
          An admin without it can then only set it up before doing anything else. Editors are not affected.
        </span>
      </span>
    </label>
  )
}
