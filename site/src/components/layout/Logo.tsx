/**
 * The club mark (monogram) plus the club name. The mark is drawn inline, not
 * loaded: it is on every page's first screen and must not wait for a request
 * (site/public/images/logo-mark.svg is the same mark, for sharing and search).
 */
export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 64 64" width={40} height={40} aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#fbbf24" />
        <circle cx="32" cy="32" r="26" fill="#14532d" />
        <text x="32" y="41" fontFamily="Arial,sans-serif" fontSize="24" fontWeight="800" textAnchor="middle" fill="#fbbf24">
          LH
        </text>
      </svg>
      <span>
        <b>Lady Hawks</b>
        <small>Boosters</small>
      </span>
    </span>
  )
}
