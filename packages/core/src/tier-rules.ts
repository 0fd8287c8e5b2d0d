// What makes a price book entry's volume tiers sound (issue 15: the seller edits them): bands start at 1 or
// above, follow each other without gaps or overlaps, only the last may be open-ended, and a tier never takes
// a unit below zero. Shared by the workspace's price form and the server, which checks again.

import { tryParseDecimal } from './money.ts';

export const TIER_ADJUSTMENT_TYPES = ['PercentageBasedAdjustment', 'AmountBasedAdjustment'] as const;

export interface TierInput {
  lowerBound: number;
  upperBound: number | null;
  adjustmentType: (typeof TIER_ADJUSTMENT_TYPES)[number];
  /** A decimal string: percent off, or the amount off one unit. */
  adjustmentValue: string;
}

/** The first problem of an entry's tiers (in order of their lower bounds), or null when they are sound. */
export function tierProblem(unitPrice: string, tiers: readonly TierInput[]): string | null {
  const unit = tryParseDecimal(unitPrice);
  if (unit === null || unit.lt(0)) return 'The unit price must be a decimal of zero or more.';
  for (const [i, t] of tiers.entries()) {
    const n = `Tier ${i + 1}`;
    if (!Number.isInteger(t.lowerBound) || t.lowerBound < 1)
      return `${n}: the lower bound must be a whole number from 1.`;
    if (t.upperBound !== null && (!Number.isInteger(t.upperBound) || t.upperBound < t.lowerBound))
      return `${n}: the upper bound must be a whole number no lower than the lower bound.`;
    const prev = tiers[i - 1];
    if (prev) {
      if (prev.upperBound === null) return `Tier ${i}: only the last tier may be open-ended.`;
      if (t.lowerBound !== prev.upperBound + 1)
        return `${n}: it must start at ${prev.upperBound + 1}, right after the tier before it.`;
    }
    const value = tryParseDecimal(t.adjustmentValue);
    if (value === null || value.lt(0)) return `${n}: the adjustment must be a decimal of zero or more.`;
    if (t.adjustmentType === 'PercentageBasedAdjustment' && value.gt(100))
      return `${n}: a percentage adjustment can't exceed 100.`;
    if (t.adjustmentType === 'AmountBasedAdjustment' && value.gt(unit))
      return `${n}: the amount off can't exceed the unit price.`;
  }
  return null;
}
