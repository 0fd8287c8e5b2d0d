// Pure helpers for the cart page: the lines query, money and quantities as the shopper reads them,
// and which parts of the cart's answer to show.

import type { GetCartItemsOptions } from '@store/client';
import {
  CART_ITEMS_DEFAULT_SORT,
  CART_ITEMS_PAGE_SIZE,
  formatCurrency,
  shouldShowOriginal,
  tryParseDecimal,
  type CartItem,
  type CartItemCollection,
  type CartPromotion,
} from '@store/core';
import { STORE_LOCALE } from '../catalogue/product-cards.ts';

/** One page of lines with everything the page shows beside them (spec 02 §9: 25 a page, newest first). */
export const CART_ITEMS_QUERY = {
  pageSize: CART_ITEMS_PAGE_SIZE,
  sort: CART_ITEMS_DEFAULT_SORT,
  includePromotions: true,
  includeCoupons: true,
} as const satisfies GetCartItemsOptions;

/** Our wording for the cart page (the spec gives none). */
export const CART_TEXT = {
  title: 'Cart',
  empty: 'Your cart is empty.',
  browse: 'Browse datasets',
  error: 'We could not load your cart.',
  retry: 'Try again',
  loginRequired: 'Log in to use a cart.',
  processing: 'Your cart is being updated…',
  slow: 'Your cart is taking longer than usual to update. Reload the page to see it.',
  more: 'Show more items',
} as const;

export const money = (amount: string | null | undefined, currency: string): string =>
  formatCurrency(amount, currency, STORE_LOCALE);

/** "1.00" → "1": quantities travel as decimal strings but read as whole numbers here. */
export function quantityText(value: string | number | null | undefined): string {
  const d = value === null || value === undefined ? null : tryParseDecimal(value);
  return d === null ? String(value ?? '') : d.toString();
}

/** A non-zero negative amount (a promotion that took something off). */
export function isDiscount(amount: string | null | undefined): boolean {
  const d = typeof amount === 'string' ? tryParseDecimal(amount) : null;
  return d?.lt(0) === true;
}

/** Unit price with the list price struck through when it is higher (the 2-tier rule of spec 03 §5). */
export function unitPrices(item: Pick<CartItem, 'listPrice' | 'salesPrice'>): {
  price: string;
  original: string | null;
} {
  return {
    price: item.salesPrice,
    original: shouldShowOriginal(item.listPrice, item.salesPrice) ? item.listPrice : null,
  };
}

/** The promotions that apply to the cart as a whole (item promotions show on their lines). */
export function cartLevelPromotions(cart: CartItemCollection): CartPromotion[] {
  return (cart.cartPromotions?.promotions?.promotions ?? []).filter((p) => p.targetType === 'Cart');
}

export const couponsOf = (cart: CartItemCollection) => cart.cartCoupons?.cartCoupons?.coupons ?? [];

/** More lines than the first page holds. */
export const hasMorePages = (page: number, cart: CartItemCollection) => page < (cart.totalNumberOfPages ?? 1);
