// Cart rows as the platform's wire shapes (core cart.ts). Totals come from the cart row written by the
// last recalculation, so a summary is one primary-key read, however many lines the cart has.
import type {
  CartAdjustment,
  CartCompactSummary,
  CartCouponCollection,
  CartItem,
  CartItemProduct,
  CartMessagesSummary,
  CartPromotionCollection,
  CartStatus,
  CartSummary,
  CartType,
  AsyncOperationStatus,
  ProductClass,
  ProductSellingModel,
  TaxLocaleType,
} from '@store/core';
import type { CartCouponTable, CartItemTable, CartTable } from '../../db/schema.ts';
import { listSelectionOnLine } from '../dataset-lists/selection-on-line.ts';
import { minorOf, moneyOf } from './cart-money.ts';

const money = moneyOf;
const NO_MESSAGES: CartMessagesSummary = {
  errorCount: 0,
  hasErrors: false,
  limitedMessages: [],
  relatedEntityId: null,
  totalLineItemsWithErrors: 0,
};

/** What the shopper pays, in minor units: products after promotions, delivery, gift wrap, and tax when it is added (Net). */
export function grandTotalMinor(cart: CartTable, taxType: TaxLocaleType): number {
  const after = cart.total_product_minor + cart.total_item_adjust_minor + cart.total_cart_adjust_minor;
  const extras = cart.total_charge_minor + cart.total_gift_wrap_minor;
  return after + extras + (taxType === 'Net' ? cart.total_tax_minor : 0);
}

export function cartTotals(cart: CartTable, taxType: TaxLocaleType) {
  const after = cart.total_product_minor + cart.total_item_adjust_minor + cart.total_cart_adjust_minor;
  return {
    totalListPrice: money(cart.total_list_minor),
    totalProductAmount: money(cart.total_product_minor),
    totalPromotionalAdjustmentAmount: money(cart.total_item_adjust_minor + cart.total_cart_adjust_minor),
    totalCartLevelAdjustmentAmount: money(cart.total_cart_adjust_minor),
    totalProductAmountAfterAdjustments: money(after),
    totalTaxAmount: money(cart.total_tax_minor),
    totalChargeAmount: money(cart.total_charge_minor),
    totalGiftWrapAmount: money(cart.total_gift_wrap_minor),
    // Net stores add the tax; Gross prices already include it.
    grandTotalAmount: money(grandTotalMinor(cart, taxType)),
  };
}

export function summaryView(cart: CartTable, taxType: TaxLocaleType): CartSummary {
  return {
    cartId: cart.id,
    accountId: cart.account_id,
    ownerId: cart.owner_user_id,
    webstoreId: cart.webstore_id,
    name: cart.name,
    status: cart.status as CartStatus,
    type: cart.type as CartType,
    currencyIsoCode: cart.currency,
    asyncOperationStatus: cart.async_status as AsyncOperationStatus,
    taxType,
    totalProductCount: String(cart.total_quantity),
    uniqueProductCount: cart.line_count,
    totalProductLineItemCount: cart.line_count,
    ...cartTotals(cart, taxType),
    giftOptions: {
      giftWrap: cart.gift_wrap === 1,
      giftMessage: cart.gift_message,
      giftToName: cart.gift_to_name,
      canGiftWrap: cart.printed_line_count > 0,
    },
    messagesSummary: NO_MESSAGES,
  };
}

/** `current` before the shopper has a cart (commerce-api §6: 200 with cartId null). */
export function emptySummary(
  webstoreId: string,
  currency: string,
  taxType: TaxLocaleType,
  owner: { userId: string | null; accountId: string | null },
): CartSummary {
  const zero = money(0);
  return {
    cartId: null,
    accountId: owner.accountId,
    ownerId: owner.userId,
    webstoreId,
    name: 'Cart',
    status: 'Active',
    type: 'Cart',
    currencyIsoCode: currency,
    asyncOperationStatus: 'Completed',
    taxType,
    totalProductCount: '0',
    uniqueProductCount: 0,
    totalProductLineItemCount: 0,
    totalListPrice: zero,
    totalProductAmount: zero,
    totalPromotionalAdjustmentAmount: zero,
    totalCartLevelAdjustmentAmount: zero,
    totalProductAmountAfterAdjustments: zero,
    totalTaxAmount: zero,
    totalChargeAmount: zero,
    totalGiftWrapAmount: zero,
    grandTotalAmount: zero,
    giftOptions: { giftWrap: false, giftMessage: null, giftToName: null, canGiftWrap: false },
    messagesSummary: NO_MESSAGES,
  };
}

export function compactView(summary: CartSummary): CartCompactSummary {
  return {
    cartId: summary.cartId,
    currencyIsoCode: summary.currencyIsoCode,
    totalProductCount: summary.totalProductCount,
    uniqueProductCount: summary.uniqueProductCount,
    asyncOperationStatus: summary.asyncOperationStatus,
    totalProductAmount: summary.totalProductAmount,
    totalPromotionalAdjustmentAmount: summary.totalPromotionalAdjustmentAmount,
    grandTotalAmount: summary.grandTotalAmount,
  };
}

export function itemView(
  item: CartItemTable,
  cart: Pick<CartTable, 'id' | 'currency'>,
  product: CartItemProduct,
  model: Pick<ProductSellingModel, 'sellingModelType'> | null,
): CartItem {
  const adjustments = JSON.parse(item.adjustments_json) as CartAdjustment[];
  const total = item.sales_price_minor * item.quantity;
  return {
    cartItemId: item.id,
    cartId: cart.id,
    cartDeliveryGroupId: item.delivery_group_id,
    productId: item.product_id,
    name: product.name,
    type: 'Product',
    quantity: String(item.quantity),
    currencyIsoCode: cart.currency,
    listPrice: money(item.list_price_minor),
    salesPrice: money(item.sales_price_minor),
    unitAdjustedPrice: money(Math.round((total + item.adjust_minor) / item.quantity)),
    totalListPrice: money(item.list_price_minor * item.quantity),
    totalPrice: money(total),
    totalAdjustmentAmount: money(item.adjust_minor),
    totalAmount: money(total + item.adjust_minor),
    totalTax: money(item.tax_minor),
    productSellingModelId: item.selling_model_id || null,
    sellingModelType: model?.sellingModelType ?? null,
    subscriptionTerm: item.subscription_term,
    productClass: product.productClass as ProductClass,
    promotionDisplayName: adjustments[0]?.displayName ?? null,
    adjustments,
    productDetails: product,
    messagesSummary: NO_MESSAGES,
    createdDate: item.created_at,
    listSelection: listSelectionOnLine(item),
  };
}

export function couponsView(cart: CartTable, coupons: CartCouponTable[]): CartCouponCollection {
  return {
    cartId: cart.id,
    cartStatus: cart.status as CartStatus,
    ownerId: cart.owner_user_id,
    cartCoupons: { coupons: coupons.map((c) => ({ cartCouponId: c.id, couponCode: c.code })) },
  };
}

/** Adjustments summed by promotion, in the order each first appears (amounts in minor units, never floats). */
export function promotionTotals(adjustments: CartAdjustment[]): Array<CartAdjustment & { minor: number }> {
  const byPromotion = new Map<string, CartAdjustment & { minor: number }>();
  for (const a of adjustments) {
    const minor = minorOf(a.adjustmentAmount);
    const seen = byPromotion.get(a.promotionId);
    if (seen) {
      seen.minor += minor;
      seen.adjustmentAmount = money(seen.minor);
    } else byPromotion.set(a.promotionId, { ...a, minor });
  }
  return [...byPromotion.values()];
}

/**
 * The item adjustments a cart's promotions view sums: each item promotion's total as the last recalculation
 * kept it on the cart row, or, for a cart not recalculated since that column came (null), its lines' own.
 */
export function itemPromotionsOf(
  cart: Pick<CartTable, 'item_promotions_json'>,
  lines: () => Promise<Pick<CartItemTable, 'adjustments_json'>[]>,
): Promise<CartAdjustment[]> | CartAdjustment[] {
  if (cart.item_promotions_json !== null && cart.item_promotions_json !== undefined)
    return JSON.parse(cart.item_promotions_json) as CartAdjustment[];
  return lines().then((rows) => lineAdjustments(rows));
}

export const lineAdjustments = (rows: Pick<CartItemTable, 'adjustments_json'>[]): CartAdjustment[] =>
  rows.flatMap((i) => JSON.parse(i.adjustments_json) as CartAdjustment[]);

/** What the promotions view shows of each of the store's promotions: its terms, and its place in priority order. */
export type PromotionTerms = Map<string, { terms: string | null; rank: number }>;

/**
 * Each promotion's total take on the cart: the item adjustments of every line plus the cart-level ones, in the
 * promotions' priority order (as the engine reports what it applied), whatever order the lines have; a promotion
 * the store no longer has comes last.
 */
export function promotionsView(
  cart: CartTable,
  itemAdjustments: readonly CartAdjustment[],
  terms: PromotionTerms,
): CartPromotionCollection {
  const rank = (id: string) => terms.get(id)?.rank ?? Number.MAX_SAFE_INTEGER;
  const byPromotion = promotionTotals([
    ...itemAdjustments,
    ...(JSON.parse(cart.cart_adjustments_json) as CartAdjustment[]),
  ]).sort((a, b) => rank(a.promotionId) - rank(b.promotionId));
  return {
    cartId: cart.id,
    cartStatus: cart.status as CartStatus,
    currencyIsoCode: cart.currency,
    promotions: {
      promotions: byPromotion.map((p) => ({
        promotionId: p.promotionId,
        displayName: p.displayName,
        termsAndConditions: terms.get(p.promotionId)?.terms ?? null,
        adjustmentAmount: money(p.minor),
        couponCode: p.couponCode,
        targetType: p.targetType,
        currencyIsoCode: cart.currency,
      })),
    },
  };
}
