import { Toast } from 'radix-ui'

const TOAST_DURATION_MS = 5000

/** A notification as the store (./toast.tsx) takes it, and as this viewport shows it. */
export type ToastInput = {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
}
export type ToastItem = ToastInput & { id: number; open: boolean }

/** The toasts on screen; `onDismiss` comes from the store (./toast.tsx), which loads this file only once a toast shows. */
export default function ToastViewport({ items, onDismiss }: { items: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && onDismiss(t.id)}
          className={t.variant === 'destructive' ? 'toast toast-destructive' : 'toast'}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm">{t.description}</Toast.Description>}
          </div>
          <Toast.Close className="toast-close" aria-label="Close notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  )
}
