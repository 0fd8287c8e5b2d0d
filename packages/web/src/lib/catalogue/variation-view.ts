// What a variation family's page shows for the choice in its query string: the chosen variation's own
// page data (price, SKU, record count, included fields, description) when the choice names one that can
// be ordered, else the parent's, with what the add-to-cart control must know (code 103 or 105).

import type { ProductClass, ProductVariationInfo } from '@store/core';
import type { ProductData } from '../../routes/types.ts';
import type { VariationMember } from './variation-family.ts';
import {
  choiceFromSearch,
  choiceOfVariation,
  resolveVariation,
  searchNamesChoice,
  type VariationChoice,
  type VariationResolution,
} from './variations.ts';

export interface FamilyPageView {
  /** The page data to show: the chosen variation's, or the parent's while none is. */
  data: ProductData;
  info: ProductVariationInfo;
  choice: VariationChoice;
  resolution: VariationResolution;
  chosen: VariationMember | null;
  /** The class add-to-cart judges: the parent's (103) until a choice is complete, then a variation's. */
  productClass: ProductClass;
  /** For add-to-cart: null while no choice is complete, false for a combination that cannot be ordered (105). */
  valid: boolean | null;
}

/**
 * The query string decides when it names any attribute; otherwise a variation's page has its own values
 * chosen and the parent's page none.
 */
export function familyPageView(data: ProductData, search: URLSearchParams): FamilyPageView | null {
  const family = data.family;
  const info = family?.parent.variationInfo;
  if (!family || !info) return null;
  const choice = searchNamesChoice(info, search)
    ? choiceFromSearch(info, search)
    : data.product.productClass === 'Variation'
      ? choiceOfVariation(info, data.product.id)
      : {};
  const resolution = resolveVariation(info, choice);
  const chosen =
    resolution.state === 'valid' ? (family.members.find((m) => m.product.id === resolution.productId) ?? null) : null;
  const shown: ProductData = chosen
    ? {
        ...data,
        product: chosen.product,
        pricing: chosen.pricing,
        promotions: chosen.promotions,
        description: chosen.description,
      }
    : // No variation yet (or none that can be ordered): the parent, which has no price to show.
      { ...data, product: family.parent, pricing: null, promotions: null };
  return {
    data: shown,
    info,
    choice,
    resolution,
    chosen,
    productClass: resolution.state === 'incomplete' ? 'VariationParent' : 'Variation',
    valid: resolution.state === 'incomplete' ? null : chosen !== null,
  };
}
