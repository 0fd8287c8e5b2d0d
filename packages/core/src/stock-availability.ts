// What the product page says about stock (spec 02 §5: out of stock when available is 0 or below the
// minimum), and which products have stock at all. The wording and the low-stock threshold are ours:
// the spec gives neither. The server still decides what is sellable; this only tells the shopper first.
import Big from 'big.js';
import { type DecimalInput, tryParseDecimal } from './money.ts';
import { isOutOfStock } from './quantity-rule.ts';
import type { ProductDetail, PurchaseQuantityRule } from './wire.ts';

/** The product Family of the goods that ship from a warehouse; datasets are digital and always available. */
export const PRINTED_DIRECTORIES_FAMILY = 'Printed Directories';

/** At or below this many units the page says "Only N left" (our choice: few enough to matter to a buyer). */
export const LOW_STOCK_THRESHOLD = 10;

export type StockState = 'inStock' | 'lowStock' | 'outOfStock';

export interface StockAvailability {
  state: StockState;
  /** What the page shows: "In stock", "Only 3 left", "Out of stock". */
  label: string;
}

/** Whether a product's stock is tracked, so the page reads inventory levels for it. */
export function tracksInventory(product: Pick<ProductDetail, 'fields'>): boolean {
  return product.fields?.Family === PRINTED_DIRECTORIES_FAMILY;
}

/**
 * The availability a shopper sees for what can be ordered; null when stock is not tracked (nothing to say).
 * Out of stock follows the same rule as validity code 100, so the label and the disabled button agree.
 */
export function stockAvailability(
  available: DecimalInput | null | undefined,
  rule?: Partial<PurchaseQuantityRule> | null,
): StockAvailability | null {
  if (available === null || available === undefined) return null;
  const a = tryParseDecimal(available);
  if (a === null) return null;
  if (isOutOfStock(a.toString(), rule)) return { state: 'outOfStock', label: 'Out of stock' };
  if (a.lte(new Big(LOW_STOCK_THRESHOLD))) return { state: 'lowStock', label: `Only ${a.toString()} left` };
  return { state: 'inStock', label: 'In stock' };
}
