import type { ReactNode } from 'react'
import { errorMessage } from '../lib/errors'
import { Button } from './Button'
import { Spinner } from '#ui/Spinner.tsx'

/** A calm empty list: what is missing and, when useful, the first step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border-2 border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-medium text-gray-800">{title}</p>
      {children && <div className="mt-4 flex justify-center">{children}</div>}
    </div>
  )
}

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p>
        Could not load {what}: {errorMessage(error)}
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

/** Loading, error or the list itself, for every SWR list in the portal. */
export function ListState<T>({
  what,
  data,
  error,
  isLoading,
  retry,
  empty,
  children,
}: {
  what: string
  data: T[] | undefined
  error: unknown
  isLoading: boolean
  retry: () => void
  empty: ReactNode
  children: (items: T[]) => ReactNode
}) {
  if (error && !data) return <LoadError what={what} error={error} onRetry={retry} />
  if (isLoading || !data) return <Spinner label={`Loading ${what}…`} className="py-12" />
  if (data.length === 0) return <>{empty}</>
  return <>{children(data)}</>
}

export function SectionHeader({
  title,
  description,
  action,
  level = 2,
  id,
}: {
  title: string
  description?: string
  action?: ReactNode
  level?: 2 | 3
  id?: string
}) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <Heading id={id} className={level === 2 ? 'text-xl font-semibold text-gray-900' : 'text-lg font-semibold text-gray-900'}>
          {title}
        </Heading>
        {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      </div>
      {action}
    </div>
  )
}
