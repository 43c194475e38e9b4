import type { ReactNode } from 'react'

export function StatCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: string; icon: ReactNode }) {
  return (
    <div data-testid="stat-card" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-sm font-medium text-gray-600">{label}</h3>
        <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold whitespace-nowrap text-gray-900 tabular-nums" data-testid="stat-value">
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-gray-600">{hint}</p>}
    </div>
  )
}
