// Volume (tier) pricing rules, spec 01 §5 "Tier price lookup" and spec 02 §3 "Pricing".
import type Big from 'big.js';
import {
  type DecimalInput,
  minorUnitsToDecimal,
  plainHundredths,
  tryParseDecimal,
  roundHalfUp,
  percentOff,
  subtractDecimal,
} from './money.ts';
import type { PriceAdjustmentTier } from './wire.ts';

/** The bounds we need; `null` (or a missing/empty value) means unbounded on that side (spec 01 §5). */
export interface TierBounds {
  lowerBound: string | null;
  upperBound: string | null;
}

export type TierAdjustmentType = PriceAdjustmentTier['adjustmentType'];

/** Mathematical floor (toward -infinity), done in decimal so 9.7 -> 9 and -0.5 -> -1. */
function floorDecimal(value: Big): Big {
  const truncated = value.round(0, 0);
  return value.lt(truncated) ? truncated.minus(1) : truncated;
}

/** null/undefined/'' => unbounded; anything else must parse, otherwise the tier is unusable. */
function bound(value: string | null | undefined): Big | null | 'invalid' {
  if (value === null || value === undefined || value.trim() === '') return null;
  return tryParseDecimal(value) ?? 'invalid';
}

/**
 * The tier that applies to `quantity`: the quantity is floored first, then the first tier (in list order)
 * with floor(quantity) >= lowerBound and <= upperBound wins. Returns null when none applies or the quantity is not numeric.
 */
export function findTierForQuantity<T extends TierBounds>(
  tiers: readonly T[] | null | undefined,
  quantity: DecimalInput | null | undefined,
): T | null {
  const q = tryParseDecimal(quantity);
  if (!tiers || q === null) return null;
  const whole = floorDecimal(q);
  for (const tier of tiers) {
    const lower = bound(tier.lowerBound);
    const upper = bound(tier.upperBound);
    if (lower === 'invalid' || upper === 'invalid') continue;
    if ((lower === null || whole.gte(lower)) && (upper === null || whole.lte(upper))) return tier;
  }
  return null;
}

/**
 * The unit price for a quantity: the matching tier's tierUnitPrice, else the base unit price.
 * This is the "negotiatedPrice" the computed price lookup adds (spec 01 §3 "Product price").
 */
export function unitPriceForQuantity(
  baseUnitPrice: string | null,
  tiers: ReadonlyArray<TierBounds & { tierUnitPrice: string | null }> | null | undefined,
  quantity: DecimalInput | null | undefined,
): string | null {
  const tier = findTierForQuantity(tiers, quantity);
  return tier?.tierUnitPrice ?? baseUnitPrice;
}

/**
 * Unit price of a tier from the base price: a percentage off, or an amount off per unit.
 * Rounded half-up to 2 places; never below 0 (an amount larger than the price would make a negative price).
 * computeTierUnitPrice("35.99", "PercentageBasedAdjustment", "10") -> "32.39".
 */
export function computeTierUnitPrice(
  baseUnitPrice: DecimalInput,
  adjustmentType: TierAdjustmentType,
  adjustmentValue: DecimalInput,
): string {
  const quick = tierPriceInCents(baseUnitPrice, adjustmentType, adjustmentValue);
  if (quick !== null) return quick < 0 ? '0.00' : minorUnitsToDecimal(quick);
  let price: string;
  if (adjustmentType === 'PercentageBasedAdjustment') price = percentOff(baseUnitPrice, adjustmentValue);
  else if (adjustmentType === 'AmountBasedAdjustment')
    price = roundHalfUp(subtractDecimal(baseUnitPrice, adjustmentValue), 2);
  else throw new TypeError(`Unknown tier adjustment type: ${String(adjustmentType)}`);
  return price.startsWith('-') ? '0.00' : price;
}

/**
 * computeTierUnitPrice in whole cents when the price and the adjustment are plain decimals of at most 2 places (every
 * price a store keeps): the same half-up rounding, in integers (a priced list of 20 products works out dozens of
 * tier prices). null otherwise. The result may be negative (the caller shows 0).
 */
function tierPriceInCents(base: DecimalInput, type: TierAdjustmentType, adjustment: DecimalInput): number | null {
  const cents = plainHundredths(base);
  const by = plainHundredths(adjustment);
  if (cents === null || by === null) return null;
  if (type === 'AmountBasedAdjustment') return cents - by;
  if (type !== 'PercentageBasedAdjustment') return null;
  // cents × (100 − percent) / 100, with the percent in hundredths: an exact integer over 10,000, rounded half up.
  const scaled = cents * (10_000 - by);
  if (!Number.isSafeInteger(scaled)) return null;
  return scaled < 0 ? -1 : Math.floor((scaled + 5_000) / 10_000);
}

/**
 * The lowest unit price on offer: the minimum of the base price and every tier price.
 * Returns the winning value as given (e.g. "32.39"), or null when nothing is numeric.
 */
export function lowestUnitPrice(
  baseUnitPrice: string | null | undefined,
  tiers: ReadonlyArray<{ tierUnitPrice: string | null }> | null | undefined,
): string | null {
  // Plain prices of at most 2 places (what stores keep) are compared in cents; anything else as decimals.
  let quick: { text: string; cents: number } | null = null;
  let plain = true;
  for (const text of [baseUnitPrice, ...(tiers ?? []).map((t) => t.tierUnitPrice)]) {
    if (text === null || text === undefined) continue;
    const cents = plainHundredths(text);
    if (cents === null) {
      plain = false;
      break;
    }
    if (quick === null || cents < quick.cents) quick = { text, cents };
  }
  if (plain) return quick?.text ?? null;
  let best: { text: string; value: Big } | null = null;
  for (const text of [baseUnitPrice, ...(tiers ?? []).map((t) => t.tierUnitPrice)]) {
    const value = tryParseDecimal(text);
    if (value !== null && (best === null || value.lt(best.value))) best = { text: (text as string).trim(), value };
  }
  return best?.text ?? null;
}
