import { spokenStatus } from '#shared/payments'

/** A record's status as stored ("completed", "pending", "unread"...), in a tone that reads at a glance. */
export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'completed'
      ? 'bg-brand-100 text-brand-800'
      : status === 'pending'
        ? 'bg-amber-100 text-amber-900'
        : status === 'failed'
          ? 'bg-red-100 text-red-800'
          : status === 'unread'
            ? 'bg-blue-100 text-blue-900'
            : 'bg-gray-100 text-gray-800'
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${tone}`}>{spokenStatus(status)}</span>
}
