export type IconName =
  | 'check'
  | 'facebook'
  | 'instagram'
  | 'mail'
  | 'phone'
  | 'pin'
  | 'calendar'
  | 'shirt'
  | 'bus'
  | 'star'
  | 'cap'
  | 'repeat'
  | 'building'
  | 'ball'
  | 'users'
  | 'heart'
  | 'card'
  | 'menu'
  | 'close'

/**
 * Decorative icons from the sprite every page carries inline (site/index.html),
 * kept out of the JavaScript bundle. They take the text colour (currentColor).
 */
export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  return (
    <svg className={`shrink-0 ${className}`} aria-hidden="true">
      <use href={`#icon-${name}`} />
    </svg>
  )
}
