import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { ToastInput, ToastItem } from './ToastViewport'

/**
 * Notifications as the product specifies (e2e/public-home.test.ts "contact form"): one visible at a time, shown 5 s, swipe right
 * (threshold 50) to dismiss, F8 focuses the region (Radix defaults), and a
 * dismissed toast is removed from memory after 1,000,000 ms.
 *
 * The Radix part loads on the first toast, keeping it out of the public pages'
 * initial JavaScript (budget: 100 KB gzipped).
 */
const TOAST_LIMIT = 1
const TOAST_REMOVE_DELAY_MS = 1_000_000

let toasts: ToastItem[] = []
/** The server renders no toasts. */
const NONE: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

export function dismissToast(id: number) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)))
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS)
}

export function toast(input: ToastInput) {
  const id = nextId++
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return id
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const ToastViewport = lazy(() => import('./ToastViewport'))

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  )
  if (items.length === 0) return null
  return (
    <Suspense fallback={null}>
      <ToastViewport items={items} onDismiss={dismissToast} />
    </Suspense>
  )
}
