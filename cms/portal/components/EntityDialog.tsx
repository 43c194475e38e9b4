import { Dialog } from 'radix-ui'
import type { FormEvent, ReactNode } from 'react'
import { FieldLook } from '#ui/form/fields.tsx'
import { ADMIN_FIELD_LOOK } from './adminFieldLook'
import { Button } from './Button'
import { mayLeave, useUnsaved } from '../lib/unsaved'

export const overlayClass = 'fixed inset-0 z-40 bg-gray-900/50'
export const panelClass =
  'fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 ' +
  'flex-col rounded-lg bg-white shadow-xl focus:outline-none'

/**
 * The one dialog shape for create and edit forms: title, short description,
 * labelled fields, Cancel and a submit button that names what it does.
 * Radix traps focus inside, Escape closes, focus returns to the opener.
 */
export function EntityDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  unsaved = false,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  submitLabel: string
  pendingLabel: string
  pending: boolean
  onSubmit: () => void
  /** Changes typed and not saved: closing (Cancel, Escape, outside) asks first, and so does leaving the page. */
  unsaved?: boolean
  children: ReactNode
}) {
  useUnsaved(open && unsaved)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!pending) onSubmit()
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && (next || mayLeave()) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={panelClass}>
          <form method="post" noValidate onSubmit={submit} className="flex min-h-0 flex-col">
            <div className="border-b border-gray-200 px-6 pb-4 pt-5">
              <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-gray-600">{description}</Dialog.Description>
            </div>
            <div className="grid min-h-0 gap-4 overflow-y-auto px-6 py-5">
              <FieldLook look={ADMIN_FIELD_LOOK}>{children}</FieldLook>
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-6 py-4 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>
                {pending ? pendingLabel : submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The footer of a dialog that only informs: one Close button, focus back to the opener. */
export function CloseFooter() {
  return (
    <div className="flex justify-end border-t border-gray-200 px-6 py-4">
      <Dialog.Close asChild>
        <Button variant="secondary">Close</Button>
      </Dialog.Close>
    </div>
  )
}
