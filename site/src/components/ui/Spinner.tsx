/** A loading indicator that is announced once and spins only when motion is welcome. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 text-sm font-medium text-brand-800 ${className}`}>
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  )
}
