import { Toast } from 'radix-ui'
import { dismissToast, type ToastItem } from './toast'

const TOAST_DURATION_MS = 5000

export default function ToastViewport({ items }: { items: ToastItem[] }) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
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
