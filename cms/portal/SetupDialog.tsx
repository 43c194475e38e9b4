import { Dialog } from 'radix-ui'
import { useEffect } from 'react'
import useSWR from 'swr'
import { PASSWORD_MIN, setupSchema } from '#shared/schemas'
import { toast } from '#ui/toast.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { applyServerError, errorMessage } from './lib/errors'
import { CloseFooter, EntityDialog, overlayClass, panelClass } from './components/EntityDialog'
import { UsernameField } from './components/UsernameField'
import { TextField } from '#ui/form/fields.tsx'
import { useForm } from '#ui/lib/form.ts'
import { validate } from '#ui/lib/validate.ts'
import { KEYS } from './lib/keys'

const EMPTY = { username: '', password: '', email: '' }

/** GET /api/admin/setup: whether the first admin may be made here (WEB_SETUP), and how otherwise. */
type SetupAvailability = { web: 'open' } | { web: 'closed'; message: string }

/**
 * First time setup: creates the first admin account (the server answers 403 once one exists). Where the site
 * keeps that to the server (WEB_SETUP=closed, what compose sets), it says how to make the account there instead.
 */
export function SetupDialog(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (username: string, password: string) => void
}) {
  const { data } = useSWR<SetupAvailability>(props.open ? KEYS.setup : null)
  return data?.web === 'closed' ? <SetupOnServer {...props} message={data.message} /> : <SetupForm {...props} />
}

function SetupOnServer({ open, onOpenChange, message }: { open: boolean; onOpenChange: (open: boolean) => void; message: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={panelClass}>
          <div className="border-b border-gray-200 px-6 pt-5 pb-4">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Create Admin Account</Dialog.Title>
          </div>
          <Dialog.Description className="px-6 py-5 text-sm text-gray-700">
            {/* `command` → <code>: the message names what to type on the server. */}
            {message.split('`').map((part, i) =>
              i % 2 ? (
                <code key={i} className="rounded bg-gray-100 px-1 break-all">
                  {part}
                </code>
              ) : (
                part
              ),
            )}
          </Dialog.Description>
          <CloseFooter />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function SetupForm({
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
