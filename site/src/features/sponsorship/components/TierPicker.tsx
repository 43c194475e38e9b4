import { Icon } from '#site/components/ui/Icon.tsx'
import { LinkButton } from '#site/components/ui/LinkButton.tsx'
import { cardPrice } from '#shared/tiers'
import { useTiers, type TierId } from '../tiers'
import { BenefitList } from './BenefitList'

/**
 * The sponsor page's three cards. Each has a button with a pressed state
 * (announced as "pressed" and styled like a button, so the cards read as
 * choices); a click anywhere on the card selects it too. The button is a
 * link to /sponsor?tier=<id>, which the server renders chosen: before or
 * without the page's code it chooses by loading that page; once the code
 * runs it chooses in place (Space too, as a button does).
 */
export function TierPicker({ selected, onSelect }: { selected: TierId | null; onSelect: (tier: TierId) => void }) {
  const tiers = useTiers()
  return (
    <div role="group" aria-label="Sponsorship level" className="grid gap-6 md:grid-cols-3">
      {tiers.map((tier) => {
        const { level: id, name, benefits, popular } = tier
        const isSelected = selected === id
        return (
          <div key={id} data-testid={`tier-card-${id}`} data-selected={isSelected} onClick={() => onSelect(id)} className="tier-card">
            <p className="tags">
              {popular && <span>Most Popular</span>}
              {isSelected && (
                <span className="selected" data-testid="selected-mark">
                  <Icon name="check" className="size-4" />
                  Selected
                </span>
              )}
            </p>
            <h3>
              {name}
              <span>{cardPrice(tier, tiers)}</span>
            </h3>
            <BenefitList id={`tier-${id}-benefits`} benefits={benefits} className="flex-1" />
            <LinkButton
              href={`/sponsor?tier=${id}#sponsor-form-title`}
              aria-pressed={isSelected}
              aria-describedby={`tier-${id}-benefits`}
              className={isSelected ? 'btn btn-primary mt-6' : 'btn tier-choose mt-6'}
              onPress={(event) => {
                event.stopPropagation()
                onSelect(id)
              }}
            >
              {isSelected && <Icon name="check" className="size-5" />}
              Choose {name}
            </LinkButton>
          </div>
        )
      })}
    </div>
  )
}
