import { benefitsInWords, TAX_TREATMENT_LABELS, type PublicLevel } from '#shared/membership'
import { calendarDayLabel } from '#shared/clubDay'
import { formatMoney } from '#shared/money'

/**
 * One level on offer: its price for the household and what each further athlete adds (with the cap), the late-join
 * price, what membership gives, and in words how much of the dues buys goods or services (docs/MEMBERSHIP.md).
 */
export function LevelCard({ level }: { level: PublicLevel }) {
  const extra = level.perAdditionalAthlete !== '0.00'
  return (
    <article className="tier-card" aria-labelledby={`level-${level.id}`} data-testid="level-card">
      <h3 id={`level-${level.id}`}>
        {level.name}
        <span>{formatMoney(level.price)}</span>
      </h3>
      <p className="text-sm text-gray-700">
        per household{extra ? `, plus ${formatMoney(level.perAdditionalAthlete)} for each additional athlete` : ''}
        {level.householdCap ? `, at most ${formatMoney(level.householdCap)}` : ''}.
      </p>
      {level.latePrice && level.lateFrom && (
        <p className="mt-1 text-sm text-gray-700">
          Joining from {calendarDayLabel(level.lateFrom, 'long')}: {formatMoney(level.latePrice)} per household.
        </p>
      )}
      {level.description && <p className="mt-3">{level.description}</p>}
      {level.benefits.length > 0 && (
        <ul className="checks mt-3">
          {level.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm text-gray-700" data-testid="level-tax">
        {benefitsInWords(level.taxTreatment, level.benefitsValue, level.priceToday)} (
        {TAX_TREATMENT_LABELS[level.taxTreatment].toLowerCase()})
      </p>
    </article>
  )
}
