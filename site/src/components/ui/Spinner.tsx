/** A loading indicator that is announced once and spins only when motion is welcome. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`loading ${className}`}>
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  )
}
