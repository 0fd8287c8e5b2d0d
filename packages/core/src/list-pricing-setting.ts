// The seller's per-record pricing of a dataset in the workspace (issue 19): what GET/PUT
// /services/admin/webstores/{id}/products/{id}/list-pricing answer and take, and the one check of a pricing both
// the server (which has the last word) and the workspace form use. Ours, added beside the contract's list-pricing.ts.
import { compareDecimal } from './money.ts';
import type { ListPricing } from './list-pricing.ts';

export interface DatasetListPricingSetting {
  productId: string;
  currencyIsoCode: string;
  /** The seller's own pricing, or null when the default applies. */
  listPricing: ListPricing | null;
  /** What applies without one: derived from the standard whole price and the live file's records (null: no price). */
  defaultListPricing: ListPricing | null;
  /** The standard price book's whole price the default is derived from. */
  wholePrice: string | null;
  /** Records in the live file (null: no ready file yet). */
  records: number | null;
}

/** An amount in the store currency: digits with at most 2 decimals. */
export const LIST_PRICE_AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
export const MAX_LIST_PRICE_TIERS = 20;

/** What is wrong with a pricing (a sentence for the seller), or null when it is sound. */
export function listPricingProblem(p: ListPricing): string | null {
  if (!LIST_PRICE_AMOUNT.test(p.per1000)) return 'The price per 1,000 records must be an amount like 45.00.';
  if (compareDecimal(p.per1000, '0') <= 0) return 'The price per 1,000 records must be more than 0.';
  if (!LIST_PRICE_AMOUNT.test(p.minimum)) return 'The minimum order must be an amount like 49.00.';
  if (p.tiers.length > MAX_LIST_PRICE_TIERS) return `At most ${MAX_LIST_PRICE_TIERS} volume tiers.`;
  let last = 0;
  for (const [i, t] of p.tiers.entries()) {
    if (!Number.isInteger(t.fromRecords) || t.fromRecords < 1)
      return `Tier ${i + 1}: it starts at a whole number of records, at least 1.`;
    if (t.fromRecords <= last) return `Tier ${i + 1}: tiers go up, each from more records than the one before.`;
    if (!LIST_PRICE_AMOUNT.test(t.per1000) || compareDecimal(t.per1000, '0') <= 0)
      return `Tier ${i + 1}: the price per 1,000 records must be an amount above 0, like 40.00.`;
    last = t.fromRecords;
  }
  return null;
}
