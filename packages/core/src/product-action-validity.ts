// Product action validity: error codes 100-107 (spec 02 §8) and the add-to-cart rule (spec 02 §4).
import type { DecimalInput } from './money.ts';
import { checkQuantity, exceedsAvailable, isOutOfStock } from './quantity-rule.ts';
import type { ProductClass, PurchaseQuantityRule } from './wire.ts';

export const PRODUCT_ACTION_ERROR = {
  NO_MORE_AVAILABLE: 100,
  NOT_ENOUGH_INVENTORY: 101,
  NO_PRICING: 102,
  VARIATION_PARENT: 103,
  SET: 104,
  INVALID_VARIANT: 105,
  INVALID_SELLING_MODEL: 106,
  INVALID_QUANTITY: 107,
} as const;

export type ProductActionErrorCode = (typeof PRODUCT_ACTION_ERROR)[keyof typeof PRODUCT_ACTION_ERROR];

/** Meanings as the spec's table words them (user-facing wording is not given, spec 02 §8). */
export const PRODUCT_ACTION_ERROR_MEANINGS: Readonly<Record<ProductActionErrorCode, string>> = {
  100: 'no more available items',
  101: 'not enough inventory for the selected quantity',
  102: 'no pricing data',
  103: 'product is a variant parent',
  104: 'product is a set',
  105: 'selected variant not valid',
  106: 'selling models invalid',
  107: 'requested quantity invalid',
};

export interface ProductActionInput {
  productClass: ProductClass | null | undefined;
  /** Pricing data exists for the product (and selected model). */
  hasPricing: boolean;
  /** Available to order; null/undefined when inventory is not tracked (never blocks). */
  availableQuantity?: DecimalInput | null;
  quantity: DecimalInput | null | undefined;
  quantityRule?: Partial<PurchaseQuantityRule> | null;
  /** The selected selling model is valid; default true (products without models). */
  sellingModelValid?: boolean;
  /** The selected variant is valid; null/undefined when the product has no variant choice. */
  variantValid?: boolean | null;
}

export interface ProductActionValidity {
  /** Ascending; empty when every check passes. */
  codes: ProductActionErrorCode[];
  isAddToCartDisabled: boolean;
}

/**
 * Collects every error that holds. 100 (out of stock: available 0 or below the minimum) and 101 (quantity above
 * what is available) are exclusive: when nothing can be bought, "not enough for this quantity" adds nothing.
 */
export function productActionErrors(input: ProductActionInput): ProductActionErrorCode[] {
  const codes: ProductActionErrorCode[] = [];
  if (isOutOfStock(input.availableQuantity, input.quantityRule)) codes.push(100);
  else if (exceedsAvailable(input.quantity, input.availableQuantity)) codes.push(101);
  if (!input.hasPricing) codes.push(102);
  if (input.productClass === 'VariationParent') codes.push(103);
  if (input.productClass === 'Set') codes.push(104);
  if (input.variantValid === false) codes.push(105);
  if (input.sellingModelValid === false) codes.push(106);
  if (!checkQuantity(input.quantity, input.quantityRule).valid) codes.push(107);
  return codes;
}

/** Add-to-cart is disabled while any error holds (spec 02 §4). */
export function computeProductActionValidity(input: ProductActionInput): ProductActionValidity {
  const codes = productActionErrors(input);
  return { codes, isAddToCartDisabled: codes.length > 0 };
}
