import { useState, type FormEvent } from 'react'
import { ApiError } from '#ui/lib/api.ts'
import { loginSchema, PASSWORD_MIN } from '#shared/schemas'
import { toast } from '#ui/toast.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { AccountRecovery } from './AccountRecovery'
import { errorMessage } from './lib/errors'
import { Button } from './components/Button'
import { FieldLook, TextField } from '#ui/form/fields.tsx'
import { ADMIN_FIELD_LOOK } from './components/adminFieldLook'
import { UsernameField } from './components/UsernameField'
import { SetupDialog } from './SetupDialog'
import { useForm } from '#ui/lib/form.ts'
import { validate } from '#ui/lib/validate.ts'
import { loginFailureDescription, sessionStarted } from './lib/session'
import type { SessionResponse } from '#shared/api'
import { KEYS } from './lib/keys'

export function LoginScreen({ sessionError }: { sessionError?: unknown }) {
  const form = useForm({ username: '', password: '', code: '', newPassword: '' })
  const [setupOpen, setSetupOpen] = useState(false)
  // The account has two-factor sign-in: the server asked for the code after the right password.
  const [askCode, setAskCode] = useState(false)
  // The account was made on the server with a one-time password: the server asked for the account's own.
  const [askNewPassword, setAskNewPassword] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.pending) return
    const { code, newPassword, ...rest } = form.values
    const credentials = validate(form, loginSchema, { ...rest, ...(askCode && { code }), ...(askNewPassword && { newPassword }) })
    if (!credentials) return
    form.setPending(true)
    try {
      const session = await apiRequest<SessionResponse>('POST', KEYS.login, credentials)
      toast({ title: 'Login successful', description: 'Welcome to the admin panel' })
      sessionStarted(session)
    } catch (error) {
      form.setPending(false)
      if (error instanceof ApiError && error.json?.newPasswordRequired) {
        // First time: show the field; a refused password (too short, the given one): say why on the field.
        if (askNewPassword) form.showErrors({ newPassword: errorMessage(error) }, ['newPassword'])
        else toast({ title: 'Choose your password', description: errorMessage(error) })
        setAskNewPassword(true)
        return
      }
      if (error instanceof ApiError && error.json?.totpRequired) {
        // First time: show the field (it takes the focus as it appears); a wrong code: say so on the field.
        const wrongCode = askCode && code !== ''
        setAskCode(true)
        if (wrongCode) {
          form.setValue('code', '')
          form.showErrors({ code: errorMessage(error) }, ['code'])
        } else {
          toast({ title: 'Two-factor sign-in', description: errorMessage(error) })
        }
        return
      }
      toast({ title: 'Login failed', description: loginFailureDescription(error), variant: 'destructive' })
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-900 to-brand-800 px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-4 text-center text-sm font-semibold tracking-wide text-gold-300 uppercase">Lady Hawks Boosters</p>
        <section aria-labelledby="login-title" className="rounded-xl bg-white p-6 shadow-xl sm:p-8">
          <h1 id="login-title" className="text-center text-2xl font-bold text-gray-900">
            Admin Portal
          </h1>
          <p className="mt-1 text-center text-sm text-gray-600">Sign in to manage the booster club site.</p>
          {sessionError ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
              Could not check your session: {errorMessage(sessionError)}
            </p>
          ) : null}
          <form method="post" noValidate onSubmit={submit} className="mt-6 grid gap-4">
            <FieldLook look={ADMIN_FIELD_LOOK}>
              <UsernameField form={form} />
              <TextField form={form} name="password" label="Password" required type="password" autoComplete="current-password" />
              {askCode && (
                <TextField
                  form={form}
                  name="code"
                  label="Authentication code"
                  hint="The 6-digit code from your authenticator app, or one of your recovery codes."
                  required
                  autoComplete="one-time-code"
                  // Appears only when asked for, right after the user pressed Login: the next thing to type.
                  autoFocus
                  inputMode="text"
                  autoCapitalize="none"
                  spellCheck={false}
                />
              )}
              {askNewPassword && (
                <TextField
                  form={form}
                  name="newPassword"
                  label="New password"
                  hint={`Your own password, at least ${PASSWORD_MIN} characters: the one you were given works only once.`}
                  required
                  type="password"
                  autoComplete="new-password"
                  autoFocus
                />
              )}
            </FieldLook>
            <Button type="submit" disabled={form.pending} className="mt-2 w-full">
              {form.pending ? 'Logging in...' : 'Login'}
            </Button>
          </form>
          <div className="mt-6 border-t border-gray-200 pt-4 text-center">
            <Button
              variant="ghost"
              size="sm"
              className="text-brand-800 underline-offset-2 hover:underline"
              onClick={() => setSetupOpen(true)}
            >
              First time setup
            </Button>
            <AccountRecovery />
          </div>
        </section>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-white underline underline-offset-2 hover:text-gold-300">
            Back to the main site
          </a>
        </p>
      </div>
      <SetupDialog
        open={setupOpen}
        onOpenChange={setSetupOpen}
        onCreated={(username, password) => {
          form.reset({ username, password, code: '', newPassword: '' })
        }}
      />
    </main>
  )
}
