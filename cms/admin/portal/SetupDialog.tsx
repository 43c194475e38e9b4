import { useEffect } from 'react'
import { PASSWORD_MIN, setupSchema } from '#shared/schemas'
import { toast } from '../../../ui/toast'
import { apiRequest } from '../../../ui/lib/api'
import { applyServerError, errorMessage } from './lib/errors'
import { EntityDialog } from './components/EntityDialog'
import { UsernameField } from './components/UsernameField'
import { TextField } from '../../../ui/form/fields'
import { useForm } from '../../../ui/lib/form'
import { validate } from '../../../ui/lib/validate'
import { KEYS } from './lib/keys'

const EMPTY = { username: '', password: '', email: '' }

/** First time setup: creates the first admin account (the server answers 403 once one exists). */
export function SetupDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (username: string, password: string) => void
}) {
  const form = useForm(EMPTY)
  const { reset } = form

  useEffect(() => {
    if (open) reset(EMPTY)
  }, [open, reset])

  const submit = async () => {
    const account = validate(form, setupSchema, form.values)
    if (!account) return
    form.setPending(true)
    try {
      await apiRequest('POST', KEYS.setup, account)
    } catch (error) {
      form.setPending(false)
      applyServerError(form, error)
      toast({ title: 'Setup failed', description: errorMessage(error), variant: 'destructive' })
      return
    }
    form.setPending(false)
    toast({ title: 'Admin setup complete', description: 'You can now log in.' })
    onCreated(account.username, account.password)
    onOpenChange(false)
  }

  return (
    <EntityDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Admin Account"
      description="First time setup: create the account that manages this site."
      submitLabel="Create Admin"
      pendingLabel="Creating..."
      pending={form.pending}
      onSubmit={submit}
    >
      <UsernameField form={form} hint="Letters, numbers, dots, dashes and underscores." />
      <TextField
        form={form}
        name="password"
        label="Password"
        required
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <TextField form={form} name="email" label="Email" optional type="email" autoComplete="email" />
    </EntityDialog>
  )
}
