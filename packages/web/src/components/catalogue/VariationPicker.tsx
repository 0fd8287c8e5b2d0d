// The variation picker of a variation family's page (issue 14): one radio group per attribute (its label as
// the legend; arrow keys move between values, as radios do), the chosen variation's SKU and whether it can
// be ordered. The page puts a choice in its query string (`?Coverage=Email+Only`, lib/catalogue/
// use-choice-search.ts): it can be shared and reloaded, and the server renders the same choice. The page
// already holds the whole family, so a choice shows at once, with no request.

import { useId } from 'react';
import type { FamilyPageView } from '../../lib/catalogue/variation-view.ts';
import { variationAttributes, type VariationChoice } from '../../lib/catalogue/variations.ts';
import { productSku } from '../../lib/catalogue/product-view.ts';

export interface VariationPickerProps {
  view: FamilyPageView;
  onChoose: (choice: VariationChoice) => void;
}

/** What the line under the picker says about the choice (our wording: the spec gives none). */
export function choiceStatus(view: FamilyPageView): { text: string; state: 'open' | 'valid' | 'invalid' } {
  // Add to Cart's own note already asks for a choice (code 103).
  if (view.resolution.state === 'incomplete') return { text: '', state: 'open' };
  if (view.chosen) {
    const sku = productSku(view.chosen.product);
    return { text: `${sku ? `SKU ${sku} · ` : ''}Available to order`, state: 'valid' };
  }
  const values = Object.values(view.choice).join(', ');
  return { text: `${values ? `${values}: ` : ''}this option is not available.`, state: 'invalid' };
}

export function VariationPicker({ view, onChoose }: VariationPickerProps) {
  const id = useId();
  const attributes = variationAttributes(view.info, view.choice);
  const status = choiceStatus(view);

  return (
    <div className="variation-picker" data-variation-state={view.resolution.state}>
      {attributes.map((attr) => (
        <fieldset key={attr.apiName} className="variation-picker__attribute">
          <legend className="variation-picker__legend">{attr.label}</legend>
          <div className="variation-picker__options">
            {attr.options.map((option) => (
              <label key={option.value} className="variation-picker__option">
                <input
                  type="radio"
                  name={`${id}-${attr.apiName}`}
                  value={option.value}
                  checked={view.choice[attr.apiName] === option.value}
                  onChange={() => onChoose({ ...view.choice, [attr.apiName]: option.value })}
                />
                <span>
                  {option.label}
                  {option.available ? null : <span className="variation-picker__unavailable"> (not available)</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <p
        className={`variation-picker__status variation-picker__status--${status.state}`}
        data-testid="variation-status"
        aria-live="polite"
      >
        {status.text}
      </p>
    </div>
  );
}
