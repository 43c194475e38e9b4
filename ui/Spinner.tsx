/**
 * The one loading indicator, public and admin: announced once (role=status,
 * the label is its text) and spinning only when motion is welcome.
 */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`loading ${className}`}>
      <span className="spinner animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {label}
    </div>
  )
}
