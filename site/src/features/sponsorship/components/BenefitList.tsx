import { Icon } from '#site/components/ui/Icon.tsx'

/** A tier's benefits, each with a check mark (home page tiers and sponsor page cards). */
export function BenefitList({ benefits, id, className = '' }: { benefits: readonly string[]; id?: string; className?: string }) {
  return (
    <ul id={id} className={`checks ${className}`.trim()}>
      {benefits.map((benefit) => (
        <li key={benefit}>
          <Icon name="check" />
          {benefit}
        </li>
      ))}
    </ul>
  )
}
