import { AlertDialog } from 'radix-ui'
import { useState } from 'react'
import { Button, buttonClass } from './Button'
import { overlayClass, panelClass } from './EntityDialog'

/**
 * Delete behind a confirmation (Radix AlertDialog): focus starts on Cancel,
 * so a stray Enter or click never removes a record.
 */
export function ConfirmDelete({
  itemLabel,
  what,
  onConfirm,
  triggerText = 'Delete',
  confirmText = 'Delete',
}: {
  /** The record's name as people know it, e.g. "Spring Shoes Drive". */
  itemLabel: string
  /** What kind of record, e.g. "campaign". */
  what: string
  onConfirm: () => Promise<boolean>
  triggerText?: string
  confirmText?: string
}) {
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)

  const confirm = async () => {
    setPending(true)
    await onConfirm()
    setPending(false)
    setOpen(false)
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`${triggerText} ${itemLabel}`}>
          <TrashIcon />
          {triggerText}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={`${panelClass} max-w-md p-6`}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">
            {triggerText} this {what}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            “{itemLabel}” will be permanently removed. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <button type="button" className={buttonClass('danger')} disabled={pending} onClick={confirm}>
              {pending ? 'Deleting...' : confirmText}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
      <path
        fillRule="evenodd"
        d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.44c-.8.08-1.59.18-2.37.3a.75.75 0 1 0 .23 1.49l.15-.03.84 10.52A2.75 2.75 0 0 0 7.6 19h4.8a2.75 2.75 0 0 0 2.75-2.53l.84-10.52.15.03a.75.75 0 0 0 .23-1.49A41 41 0 0 0 14 4.19v-.44A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.67.03 2.5.08v-.33c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.33C8.33 4.03 9.16 4 10 4Z"
        clipRule="evenodd"
      />
    </svg>
  )
}
