import { Icon } from '../../../components/ui/Icon'
import { SPONSOR_PAGE_TIERS, type TierId } from '../tiers'

/**
 * The sponsor page's three selectable cards. Each holds a native radio (arrow
 * keys move between tiers and the checked state is announced); a click
 * anywhere on the card selects it too.
 */
export function TierPicker({ selected, onSelect }: { selected: TierId | null; onSelect: (tier: TierId) => void }) {
  return (
    <fieldset>
      <legend className="sr-only">Sponsorship level</legend>
      <div className="grid gap-6 md:grid-cols-3">
        {SPONSOR_PAGE_TIERS.map(({ id, name, cardPrice, benefits, popular }) => {
          const isSelected = selected === id
          return (
            <div
              key={id}
              data-testid={`tier-card-${id}`}
              data-selected={isSelected}
              onClick={() => onSelect(id)}
              className="tier-card"
            >
              <p className="tags">
                {popular && <span>Most Popular</span>}
                {isSelected && (
                  <span className="selected" data-testid="selected-mark">
                    <Icon name="check" className="size-4" />
                    Selected
                  </span>
                )}
              </p>
              <input
                type="radio"
                name="tier"
                id={`tier-${id}`}
                value={id}
                checked={isSelected}
                onChange={() => onSelect(id)}
                aria-describedby={`tier-${id}-benefits`}
                className="sr-only"
              />
              <label htmlFor={`tier-${id}`}>
                {name}
                <span>{cardPrice}</span>
              </label>
              <ul id={`tier-${id}-benefits`} className="checks">
                {benefits.map((benefit) => (
                  <li key={benefit}>
                    <Icon name="check" />
                    {benefit}
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
