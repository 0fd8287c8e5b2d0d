// The rows of the product page's volume price table: one per tier of the price the buyer pays
// (spec 02 §3 "Pricing", tiers by quantity band). Tiers belong to the one-time price, so a buyer who
// picked a subscription sees no table; fewer than two tiers is no volume discount, so no table either.

import { formatCurrency, type PriceAdjustmentTier } from '@store/core';

export interface VolumePriceRow {
  quantity: string;
  unitPrice: string;
}

export function volumePriceRows(
  tiers: readonly PriceAdjustmentTier[] | null | undefined,
  currency: string,
  locale = 'en-US',
): VolumePriceRow[] {
  if (!tiers || tiers.length < 2) return [];
  return tiers.map((t) => ({
    quantity: t.upperBound ? `${t.lowerBound}–${t.upperBound}` : `${t.lowerBound} or more`,
    unitPrice: formatCurrency(t.tierUnitPrice, currency, locale),
  }));
}

/** Whether the chosen way of buying has volume prices: the one-time model, or none chosen. */
export function isOneTimeChoice(
  models: ReadonlyArray<{ id: string; sellingModelType: string }>,
  selectedId: string | null | undefined,
): boolean {
  if (!selectedId) return true;
  return models.find((m) => m.id === selectedId)?.sellingModelType === 'OneTime';
}
