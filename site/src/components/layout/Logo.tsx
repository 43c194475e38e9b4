/**
 * The club mark (monogram) plus the club name. The mark is drawn inline, not
 * loaded: it is on every page's first screen and must not wait for a request
 * (site/public/images/logo-mark.svg is the same mark, for sharing and search).
 * Its letters are shapes, not SVG text: SVG text is laid out apart from the
 * page's and asks for a font of its own (Arial at weight 800), which cost every
 * page's first layout a few milliseconds on a phone (docs/SCALING.md, "The first screen's main thread, traced").
 */
export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 64 64" width={40} height={40} aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#fbbf24" />
        <circle cx="32" cy="32" r="26" fill="#14532d" />
        <path d="M17.5 23.8h4v13.8h9V41h-13zM32.5 23.8h4v7.1h6v-7.1h4V41h-4v-7h-6v7h-4z" fill="#fbbf24" />
      </svg>
      <span>
        <b>Lady Hawks</b>
        <small>Boosters</small>
      </span>
    </span>
  )
}
