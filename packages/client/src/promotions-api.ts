// Promotion calls (spec 02 §7 "Promotions", §5): the promotions that name some products, the promotional
// price of products for this buyer (evaluate-products, which feeds the product page's pricing display,
// spec 03 §3 "Promotional pricing"), and a dry-run evaluation over a cart. The two evaluations live
// outside the webstore path (/commerce/promotions/actions/…) and name the store in their body.

import { effectiveAccountIdOrNull } from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';
import { optionalText, requireId, requireIdList } from './validate.ts';

export interface ProductPromotion {
  promotionId: string;
  displayName: string;
  termsAndConditions: string | null;
  requiresCoupon: boolean;
}
export interface ProductPromotionCollection {
  promotionProducts: Array<{ productId: string; promotions: ProductPromotion[] }>;
}

export interface PromotionPriceAdjustment {
  promotionId: string;
  displayName: string;
  termsAndConditions: string | null;
  adjustmentType: string;
  adjustmentValue: string;
  /** Negative decimal string: what the promotion takes off one unit. */
  adjustmentAmount: string;
}
export interface ProductPromotionEvaluation {
  productId: string;
  sku: string | null;
  salesPrice: string | null;
  promotionalPrice: string | null;
  currencyIsoCode: string | null;
  isSuccess: boolean;
  errorMessage: string | null;
  promotionPriceAdjustmentList: PromotionPriceAdjustment[];
}
export interface ProductPromotionEvaluations {
  promotionProductEvaluationResults: ProductPromotionEvaluation[];
}

export interface EvaluateProductPromotionsInput {
  products: ReadonlyArray<{ productId: string; salesPrice?: string }>;
  effectiveAccountId?: string;
  currencyIsoCode?: string;
}

/** Spec 02 §7 "POST commerce/promotions/actions/evaluate": a cart and what surrounds it. */
export interface EvaluatePromotionsInput {
  cart: {
    cartItems: ReadonlyArray<{ quantity: string; product2Id?: string; sku?: string; [key: string]: unknown }>;
    [key: string]: unknown;
  };
  cartDeliveryGroups?: unknown[];
  couponCodes?: string[];
  isItemizeHeaderAdjustments?: boolean;
  parentProducts?: unknown[];
  productCategories?: unknown[];
  segments?: unknown[];
  effectiveAccountId?: string;
}

export interface PromotionCalls {
  /** GET promotions/products?productIds=a,b. */
  getProductPromotions(
    productIds: readonly string[],
    options?: CallOptions & { effectiveAccountId?: string },
  ): Promise<ProductPromotionCollection>;
  /** POST /commerce/promotions/actions/evaluate-products: a read, so no CSRF token is needed. */
  evaluateProductPromotions(
    input: EvaluateProductPromotionsInput,
    options?: CallOptions,
  ): Promise<ProductPromotionEvaluations>;
  /** POST /commerce/promotions/actions/evaluate: a dry run; the answer's shape is the server's. */
  evaluatePromotions(input: EvaluatePromotionsInput, options?: CallOptions): Promise<Record<string, unknown>>;
}

const account = (id: string | undefined) => effectiveAccountIdOrNull(id) ?? undefined;

/** Spec 02 §5: each cart item needs a string quantity and product2Id or sku. */
function requireCart(cart: unknown): EvaluatePromotionsInput['cart'] {
  const items = (cart as { cartItems?: unknown } | null | undefined)?.cartItems;
  if (!Array.isArray(items) || items.length === 0)
    throw new TypeError("'cart.cartItems' is required and must be a non-empty list.");
  items.forEach((item: Record<string, unknown> | null, n) => {
    if (typeof item?.quantity !== 'string' || item.quantity.trim() === '')
      throw new TypeError(`'cart.cartItems[${n}].quantity' is required and must be a string.`);
    const id = typeof item.product2Id === 'string' && item.product2Id.trim() !== '';
    const sku = typeof item.sku === 'string' && item.sku.trim() !== '';
    if (!id && !sku) throw new TypeError(`'cart.cartItems[${n}]' needs a product2Id or a sku.`);
  });
  return cart as EvaluatePromotionsInput['cart'];
}

export function createPromotionCalls(http: Http, webStoreId: string): PromotionCalls {
  return {
    async getProductPromotions(productIds, o = {}) {
      const ids = requireIdList(productIds, 'productIds');
      const res = await http.request<ProductPromotionCollection>({
        path: http.webstorePath('promotions', 'products'),
        query: { productIds: ids, effectiveAccountId: account(o.effectiveAccountId) },
        signal: o.signal,
      });
      return res.data;
    },

    async evaluateProductPromotions(input, o = {}) {
      const products = input?.products;
      if (!Array.isArray(products) || products.length === 0)
        throw new TypeError("'products' is required and must be a non-empty list.");
      const body = {
        webStoreId,
        effectiveAccountId: account(input.effectiveAccountId),
        currencyIsoCode: optionalText(input.currencyIsoCode, 'currencyIsoCode'),
        products: products.map((p, n) => ({
          productId: requireId(p?.productId, `products[${n}].productId`),
          salesPrice: optionalText(p.salesPrice, `products[${n}].salesPrice`),
        })),
      };
      const res = await http.request<ProductPromotionEvaluations>({
        method: 'POST',
        path: http.commercePath('promotions', 'actions', 'evaluate-products'),
        body,
        signal: o.signal,
      });
      return res.data;
    },

    async evaluatePromotions(input, o = {}) {
      const { effectiveAccountId, ...rest } = input ?? ({} as EvaluatePromotionsInput);
      const body = {
        ...rest,
        cart: requireCart(input?.cart),
        webStoreId,
        effectiveAccountId: account(effectiveAccountId),
      };
      const res = await http.request<Record<string, unknown>>({
        method: 'POST',
        path: http.commercePath('promotions', 'actions', 'evaluate'),
        body,
        signal: o.signal,
      });
      return res.data;
    },
  };
}
