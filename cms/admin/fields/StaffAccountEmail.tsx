'use client'
import { Button, EmailField, FieldPathContext, useAuth, useDocumentInfo, useField } from '@payloadcms/ui'
import { email } from 'payload/shared'
import { useEffect, useState } from 'react'

/** A password nobody sees, for Payload's Create New form, which asks for one: the server replaces it anyway. */
function unseenPassword() {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return `${btoa(String.fromCharCode(...bytes)).replace(/[^\w]/g, '')}-Aa1`
}

/**
 * A staff account in Payload's editor (cms/collections/AdminUsers.ts; SECURITY.md §1):
 *  - the email box (Payload shows none for a login by username), and a new address waiting for its confirmation;
 *  - Create New asks for no password: the new member chooses hers from the invitation mailed to her email;
 *  - on someone else's account, no "Change Password" (only its owner chooses it) and, while she has not chosen it
 *    yet, her invitation: sent again, or its link to pass on where the site sends no email.
 * Payload's own password boxes are hidden by a style this field renders only on those screens.
 */
export function StaffAccountEmail() {
  const { id, hasSavePermission } = useDocumentInfo()
  const { user } = useAuth()
  const creating = !id
  const own = Boolean(id) && String(id) === String(user?.id)
  const isAdmin = (user as { role?: string } | null)?.role === 'admin'
  const password = useField<string>({ path: 'password' })
  const confirm = useField<string>({ path: 'confirm-password' })
  const pending = useField<string | null>({ path: 'pendingEmail' }).value
  const invitedAt = useField<string | null>({ path: 'invitedAt' }).value

  useEffect(() => {
    if (!creating || password.value) return
    const unseen = unseenPassword()
    password.setValue(unseen, true)
    confirm.setValue(unseen, true)
  }, [creating, password, confirm])

  return (
    <div className="field-type staff-account-email">
      {creating && <style>{'.auth-fields__changing-password{display:none}'}</style>}
      {!creating && !own && <style>{'#change-password{display:none}'}</style>}
      {/* The account's own `email` (this UI field's path would be its own name). */}
      <FieldPathContext value="email">
        <EmailField
          field={{
            name: 'email',
            label: 'Email',
            required: creating,
            admin: {
              autoComplete: 'off',
              description: creating
                ? 'Her invitation goes here: she chooses her own password from it (nobody else sees or types it).'
                : 'Where her invitations, “Forgot password?” links and notices go. A new address takes effect once confirmed from it.',
            },
          }}
          path="email"
          schemaPath="email"
          readOnly={!creating && hasSavePermission === false}
          validate={email}
        />
      </FieldPathContext>
      {pending ? (
        <p className="field-description" data-testid="pending-email">
          Waiting for confirmation: {pending} (a link was mailed there; mail keeps going to the address above until then).
        </p>
      ) : null}
      {!creating && !own ? (
        <p className="field-description">Only she chooses her password: she can use “Forgot password?” on the sign-in page.</p>
      ) : null}
      {!creating && !own && isAdmin && invitedAt ? <Invitation id={String(id)} /> : null}
    </div>
  )
}

/** The invitation of an account whose owner has not chosen her password yet: mailed again, or a link to pass on. */
function Invitation({ id }: { id: string }) {
  const [state, setState] = useState<{ pending?: boolean; said?: string; link?: string }>({})
  const send = async (asLink: boolean) => {
    setState({ pending: true })
    const res = await fetch(`/api/admin/staff/${encodeURIComponent(id)}/invitation`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ link: asLink }),
    })
    const body = (await res.json().catch(() => ({}))) as { mailed?: boolean; link?: string; error?: string }
    if (!res.ok) return setState({ said: body.error ?? 'The invitation could not be made. Try again.' })
    setState(
      body.link
        ? { link: body.link, said: 'Send her this link yourself. It works once, for 3 days; an earlier link no longer works.' }
        : { said: 'A new invitation is on its way to her email. An earlier link no longer works.' },
    )
  }
  return (
    <div className="staff-account-invitation">
      <p className="field-description">She has not chosen her password yet: her invitation works once, for 3 days.</p>
      <Button buttonStyle="secondary" size="medium" disabled={state.pending} onClick={() => void send(false)}>
        Send a new invitation
      </Button>
      <Button buttonStyle="secondary" size="medium" disabled={state.pending} onClick={() => void send(true)}>
        Make a link to send her myself
      </Button>
      <p role="status" className="field-description">
        {state.said}
      </p>
      {state.link ? (
        <input
          aria-label="Invitation link"
          readOnly
          value={state.link}
          onFocus={(event) => event.currentTarget.select()}
          style={{ width: '100%', minHeight: 44 }}
        />
      ) : null}
    </div>
  )
}
