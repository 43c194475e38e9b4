import { AlertDialog } from 'radix-ui'
import { buttonClass } from './Button'
import { overlayClass, panelClass } from './EntityDialog'

/**
 * An action asked before it is done (Radix AlertDialog), opened by the screen when it needs asking: what is
 * about to happen and why it is worth a second look. Focus starts on Cancel, so a stray Enter does nothing.
 */
export function ConfirmAction({
  open,
  title,
  description,
  confirmText,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  description: string
  confirmText: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={`${panelClass} max-w-md p-6`}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('primary')} onClick={onConfirm}>
              {confirmText}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
