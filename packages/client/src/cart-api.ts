// Cart calls (spec 02 §7 "Carts", §9): the cart itself, its items, coupons and promotions,
// inventory reservations and the preserve / clone actions. Delivery groups live beside these in
// ./cart-delivery-groups-api.ts. A cart is addressed by its id or by a state name ('current',
// 'active'); 'current' is the shopper's cart, created by the server on the first added item.

import {
  CART_BATCH_MAX,
  CART_ITEMS_DEFAULT_SORT,
  CART_ITEMS_PAGE_SIZE,
  DEFAULT_RESERVATION_SECONDS,
  effectiveAccountIdOrNull,
  type CartBatchResults,
  type CartCompactSummary,
  type CartCouponCollection,
  type CartItem,
  type CartItemCollection,
  type CartItemInput,
  type CartItemSort,
  type CartPreserveResult,
  type CartPromotionCollection,
  type CartSummary,
  type InventoryReservationResult,
} from '@store/core';
import type { CallOptions, FieldList } from './call-options.ts';
import type { Http, HttpRequest } from './http.ts';
import { requireId, requireText } from './validate.ts';

/** The shopper's cart, by state name (spec 02 §4 "The current cart is addressed by the name current"). */
export const CURRENT_CART = 'current';

export interface CartCallOptions extends CallOptions {
  /** Spec 02 §1: added whenever one is set. The server otherwise uses the session's account. */
  effectiveAccountId?: string;
}

export interface GetCartItemsOptions extends CartCallOptions {
  /** Default 25 (spec 02 §9). */
  pageSize?: number;
  /** 1-based; default 1. */
  pageNumber?: number;
  /** Default CreatedDateDesc. */
  sort?: CartItemSort;
  /** Product fields to return with each line, comma-joined on the wire. */
  productFields?: FieldList;
  includePromotions?: boolean;
  includeCoupons?: boolean;
}

/** What a line is: a product and a quantity, optionally a selling model and term (spec 03 §3 "Add to cart input"). */
export type AddCartItemInput = CartItemInput;

export interface CartCalls {
  /** GET carts/current: cartId is null while the shopper has no cart. */
  getCurrentCart(options?: CartCallOptions): Promise<CartSummary>;
  /** PUT carts/current: the shopper's cart, created when there is none (201) or the existing one (200). */
  ensureCart(options?: CartCallOptions): Promise<CartSummary>;
  /** DELETE carts/{cartStateOrId} (204). */
  deleteCart(cartStateOrId: string, options?: CartCallOptions): Promise<void>;
  /** GET carts/compact-summary: the cheap summary for the header badge. */
  getCartCompactSummary(options?: CartCallOptions): Promise<CartCompactSummary>;
  getCartItems(cartStateOrId: string, options?: GetCartItemsOptions): Promise<CartItemCollection>;
  /** POST carts/{id}/cart-items (201). With 'current' the server creates the cart when needed. */
  addItemToCart(cartStateOrId: string, item: AddCartItemInput, options?: CartCallOptions): Promise<CartItem>;
  /**
   * POST carts/{id}/cart-items/batch: 200 with a result per input, or 202 with
   * asyncOperationStatus 'Processing' (poll the summary until it settles, ./cart-async.ts).
   */
  addItemsToCart(
    cartStateOrId: string,
    items: readonly AddCartItemInput[],
    options?: CartCallOptions,
  ): Promise<CartBatchResults>;
  /** PATCH carts/{id}/cart-items/{cartItemId} with the new quantity. */
  updateCartItem(
    cartStateOrId: string,
    cartItemId: string,
    quantity: string | number,
    options?: CartCallOptions,
  ): Promise<CartItem>;
  /** DELETE carts/{id}/cart-items/{cartItemId} (204). */
  deleteCartItem(cartStateOrId: string, cartItemId: string, options?: CartCallOptions): Promise<void>;
  getCartCoupons(cartStateOrId: string, options?: CartCallOptions): Promise<CartCouponCollection>;
  /** POST carts/{id}/cart-coupons (201): 400 INVALID_COUPON, 409 MAX_LIMIT_EXCEEDED beyond two coupons. */
  applyCartCoupon(cartStateOrId: string, couponCode: string, options?: CartCallOptions): Promise<CartCouponCollection>;
  /** DELETE carts/{id}/cart-coupons/{cartCouponId} (204). */
  deleteCartCoupon(cartStateOrId: string, cartCouponId: string, options?: CartCallOptions): Promise<void>;
  getCartPromotions(cartStateOrId: string, options?: CartCallOptions): Promise<CartPromotionCollection>;
  /** PUT carts/{id}/inventory-reservations; durationInSeconds defaults to 14400 (spec 02 §9). */
  reserveCartInventory(
    cartStateOrId: string,
    durationInSeconds?: number,
    options?: CartCallOptions,
  ): Promise<InventoryReservationResult>;
  /** POST carts/{id}/actions/preserve: merge a guest cart into the shopper's. */
  preserveCart(cartStateOrId: string, options?: CartCallOptions): Promise<CartPreserveResult>;
  /** POST carts/{id}/actions/clone with targetType PayNowReadOnly (201). */
  cloneCart(cartStateOrId: string, options?: CartCallOptions): Promise<CartSummary>;
}

/** The all-zero id means "no effective account" (spec 01 §3) and must not be sent. */
const account = (id: string | undefined) => effectiveAccountIdOrNull(id) ?? undefined;

/**
 * One line as it travels: the known keys only, the quantity as a decimal string (the API's form),
 * type Product. A missing product or quantity is the caller's mistake, reported before any request.
 */
export function cartItemBody(item: unknown, what = 'item'): CartItemInput {
  if (!item || typeof item !== 'object') throw new TypeError(`'${what}' is required and must be an object.`);
  const i = item as Partial<CartItemInput>;
  const body: CartItemInput = {
    productId: requireId(i.productId, `${what}.productId`),
    quantity: quantityText(i.quantity, `${what}.quantity`),
    type: 'Product',
  };
  if (i.productSellingModelId !== undefined)
    body.productSellingModelId = requireId(i.productSellingModelId, `${what}.productSellingModelId`);
  if (i.subscriptionTerm !== undefined && i.subscriptionTerm !== null) {
    if (!Number.isInteger(i.subscriptionTerm) || i.subscriptionTerm < 1)
      throw new TypeError(`'${what}.subscriptionTerm' must be a positive whole number.`);
    body.subscriptionTerm = i.subscriptionTerm;
  }
  // A list selection travels in its canonical form; '' (the whole dataset) is not sent.
  if (typeof i.listSelection === 'string' && i.listSelection !== '') body.listSelection = i.listSelection;
  return body;
}

/** A quantity is required: a finite number or a non-blank string. Whether it is allowed is the server's call (the rule). */
function quantityText(value: unknown, what: string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`'${what}' must be a finite number.`);
    return String(value);
  }
  return requireText(value, what).trim();
}

export function createCartCalls(http: Http): CartCalls {
  const ws = http.webstorePath;
  const cart = (id: unknown, ...rest: string[]) => ws('carts', requireId(id, 'cartStateOrId'), ...rest);

  async function call<T>(req: HttpRequest & { effectiveAccountId?: string }): Promise<T> {
    const { effectiveAccountId, ...rest } = req;
    const query = { ...rest.query, effectiveAccountId: account(effectiveAccountId) };
    return (await http.request<T>({ ...rest, query })).data;
  }
  const opts = (o: CartCallOptions) => ({ signal: o.signal, effectiveAccountId: o.effectiveAccountId });

  return {
    getCurrentCart: (o = {}) => call<CartSummary>({ path: ws('carts', 'current'), ...opts(o) }),
    ensureCart: (o = {}) => call<CartSummary>({ method: 'PUT', path: ws('carts', 'current'), ...opts(o) }),

    async deleteCart(cartStateOrId, o = {}) {
      await call<undefined>({ method: 'DELETE', path: cart(cartStateOrId), ...opts(o) });
    },

    getCartCompactSummary: (o = {}) => call<CartCompactSummary>({ path: ws('carts', 'compact-summary'), ...opts(o) }),

    async getCartItems(cartStateOrId, o = {}) {
      return call<CartItemCollection>({
        path: cart(cartStateOrId, 'cart-items'),
        query: {
          pageSize: o.pageSize ?? CART_ITEMS_PAGE_SIZE,
          pageNumber: o.pageNumber ?? 1,
          sort: o.sort ?? CART_ITEMS_DEFAULT_SORT,
          productFields: o.productFields,
          includePromotions: o.includePromotions,
          includeCoupons: o.includeCoupons,
        },
        ...opts(o),
      });
    },

    async addItemToCart(cartStateOrId, item, o = {}) {
      const path = cart(cartStateOrId, 'cart-items');
      return call<CartItem>({ method: 'POST', path, body: cartItemBody(item), ...opts(o) });
    },

    async addItemsToCart(cartStateOrId, items, o = {}) {
      const path = cart(cartStateOrId, 'cart-items', 'batch');
      if (!Array.isArray(items) || items.length === 0)
        throw new TypeError("'items' is required and must be a non-empty list.");
      if (items.length > CART_BATCH_MAX) throw new TypeError(`'items' may hold at most ${CART_BATCH_MAX} lines.`);
      const inputs = items.map((item, n) => ({ richInput: cartItemBody(item, `items[${n}]`) }));
      return call<CartBatchResults>({ method: 'POST', path, body: { inputs }, ...opts(o) });
    },

    async updateCartItem(cartStateOrId, cartItemId, quantity, o = {}) {
      const path = cart(cartStateOrId, 'cart-items', requireId(cartItemId, 'cartItemId'));
      return call<CartItem>({
        method: 'PATCH',
        path,
        body: { quantity: quantityText(quantity, 'quantity') },
        ...opts(o),
      });
    },

    async deleteCartItem(cartStateOrId, cartItemId, o = {}) {
      const path = cart(cartStateOrId, 'cart-items', requireId(cartItemId, 'cartItemId'));
      await call<undefined>({ method: 'DELETE', path, ...opts(o) });
    },

    async getCartCoupons(cartStateOrId, o = {}) {
      return call<CartCouponCollection>({ path: cart(cartStateOrId, 'cart-coupons'), ...opts(o) });
    },

    async applyCartCoupon(cartStateOrId, couponCode, o = {}) {
      const path = cart(cartStateOrId, 'cart-coupons');
      return call<CartCouponCollection>({
        method: 'POST',
        path,
        body: { couponCode: requireText(couponCode, 'couponCode').trim() },
        ...opts(o),
      });
    },

    async deleteCartCoupon(cartStateOrId, cartCouponId, o = {}) {
      const path = cart(cartStateOrId, 'cart-coupons', requireId(cartCouponId, 'cartCouponId'));
      await call<undefined>({ method: 'DELETE', path, ...opts(o) });
    },

    async getCartPromotions(cartStateOrId, o = {}) {
      return call<CartPromotionCollection>({ path: cart(cartStateOrId, 'promotions'), ...opts(o) });
    },

    async reserveCartInventory(cartStateOrId, durationInSeconds = DEFAULT_RESERVATION_SECONDS, o = {}) {
      const path = cart(cartStateOrId, 'inventory-reservations');
      if (!Number.isInteger(durationInSeconds) || durationInSeconds <= 0)
        throw new TypeError("'durationInSeconds' must be a positive whole number.");
      return call<InventoryReservationResult>({ method: 'PUT', path, body: { durationInSeconds }, ...opts(o) });
    },

    async preserveCart(cartStateOrId, o = {}) {
      return call<CartPreserveResult>({ method: 'POST', path: cart(cartStateOrId, 'actions', 'preserve'), ...opts(o) });
    },

    async cloneCart(cartStateOrId, o = {}) {
      const path = cart(cartStateOrId, 'actions', 'clone');
      return call<CartSummary>({ method: 'POST', path, body: { targetType: 'PayNowReadOnly' }, ...opts(o) });
    },
  };
}
