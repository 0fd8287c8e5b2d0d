// What makes a promotion the seller writes sound (issue 15): the engine (promotions.ts) quietly skips bad data
// rather than guess, so the workspace refuses it up front with a message naming the field. Shared by the
// workspace's promotion form and the server, which checks again.

import type { PromotionDiscount } from './promotions.ts';
import { tryParseDecimal } from './money.ts';

/** A coupon code as the seller types it: letters, digits, dashes and underscores; matched case-insensitively. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;
/** At most this many tiers in a buy-more-save-more discount, and coupons per promotion. */
export const MAX_PROMOTION_TIERS = 10;
export const MAX_PROMOTION_COUPONS = 50;

export interface CouponDraft {
  code: string;
  /** How many orders may use the code in all; null = no limit. */
  maxUses: number | null;
  /** How many orders each customer may use the code in; null or absent = no limit. */
  maxUsesPerCustomer?: number | null;
}

export interface PromotionDraftRules {
  discount: PromotionDiscount;
  startsAt: string | null;
  endsAt: string | null;
  coupons?: readonly CouponDraft[];
}

/** A percent of more than 0 and at most 100, with at most 4 decimals. */
function percentProblem(field: string, text: string): string | null {
  const v = tryParseDecimal(text);
  if (v === null || !/^\d{1,3}(\.\d{1,4})?$/.test(text.trim()) || v.lte(0) || v.gt(100))
    return `${field} must be a percentage greater than 0 and at most 100.`;
  return null;
}

function discountProblem(d: PromotionDiscount): string | null {
  switch (d.type) {
    case 'PercentOff':
      return percentProblem('The percent off', d.percent);
    case 'AmountOff': {
      const v = tryParseDecimal(d.amount);
      if (v === null || !/^\d{1,12}(\.\d{1,2})?$/.test(d.amount.trim()) || v.lte(0))
        return 'The amount off must be an amount greater than 0 with at most 2 decimals.';
      return null;
    }
    case 'TieredPercentOff': {
      if (!d.tiers.length) return 'A buy-more-save-more discount needs at least one tier.';
      if (d.tiers.length > MAX_PROMOTION_TIERS) return `A discount takes at most ${MAX_PROMOTION_TIERS} tiers.`;
      for (const [i, t] of d.tiers.entries()) {
        const n = `Tier ${i + 1}`;
        if (!Number.isInteger(t.minQuantity) || t.minQuantity < 1)
          return `${n}: the minimum quantity must be a whole number from 1.`;
        const prev = d.tiers[i - 1];
        if (prev && t.minQuantity <= prev.minQuantity)
          return `${n}: the minimum quantity must be higher than the tier before it (${prev.minQuantity}).`;
        const p = percentProblem(`${n}: the percent off`, t.percent);
        if (p) return p;
      }
      return null;
    }
    default:
      return 'The discount type must be PercentOff, AmountOff or TieredPercentOff.';
  }
}

/** The first problem of a promotion's discount, dates and coupons, or null when they are sound. */
export function promotionProblem(p: PromotionDraftRules): string | null {
  const discount = discountProblem(p.discount);
  if (discount) return discount;
  const start = p.startsAt === null ? null : Date.parse(p.startsAt);
  const end = p.endsAt === null ? null : Date.parse(p.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'The start and end must be dates with a time.';
  if (start !== null && end !== null && end <= start) return 'The promotion must end after it starts.';
  const seen = new Set<string>();
  for (const c of p.coupons ?? []) {
    if (!COUPON_CODE_PATTERN.test(c.code))
      return `The coupon code ${c.code} must be 3 to 40 letters, digits, dashes or underscores.`;
    const key = c.code.toUpperCase();
    if (seen.has(key)) return `The coupon code ${key} is listed twice.`;
    seen.add(key);
    if (c.maxUses !== null && (!Number.isInteger(c.maxUses) || c.maxUses < 1))
      return `The usage limit of ${key} must be a whole number from 1, or none.`;
    const perCustomer = c.maxUsesPerCustomer ?? null;
    if (perCustomer !== null && (!Number.isInteger(perCustomer) || perCustomer < 1))
      return `The per-customer limit of ${key} must be a whole number from 1, or none.`;
    if (perCustomer !== null && c.maxUses !== null && perCustomer > c.maxUses)
      return `The per-customer limit of ${key} can’t be more than its usage limit (${c.maxUses}).`;
  }
  if (seen.size > MAX_PROMOTION_COUPONS) return `A promotion takes at most ${MAX_PROMOTION_COUPONS} coupon codes.`;
  return null;
}
