// Wishlists (spec 02 §3, §4, §5, §7; commerce-api §9): the wire shapes the server answers and the client
// reads, the limits both check, and the one name rule. A list belongs to an account (the buyer's effective
// account), not to a user: every buyer of Contoso sees Contoso's lists, nobody else does.
import type { CartItemProduct, CartItemResult } from './cart.ts';
import { hasUnsafeTextCharacters } from './text-safety.ts';

/** Spec 01 §2 / 02 §4: the list the first add creates when the account has none. */
export const DEFAULT_WISHLIST_NAME = 'My List';

/** GET wishlists: `pageSize` (items of the displayed list) is 1–100, default 25 (commerce-api §9). */
export const WISHLISTS_PAGE_SIZE = { min: 1, max: 100, default: 25 } as const;
/** GET wishlists/{id} and its wishlist-items: `pageSize` 1–200, default 25. */
export const WISHLIST_ITEMS_PAGE_SIZE = { min: 1, max: 200, default: 25 } as const;
/** Our limits (the reference is silent): lists per account, products per list, characters in a name. */
export const MAX_WISHLISTS_PER_ACCOUNT = 50;
export const MAX_WISHLIST_ITEMS = 500;
export const MAX_WISHLIST_NAME_LENGTH = 80;

export const WISHLIST_ITEM_SORTS = ['CreatedDateAsc', 'CreatedDateDesc'] as const;
export type WishlistItemSort = (typeof WISHLIST_ITEM_SORTS)[number];
/** commerce-api §9: newest first unless asked otherwise. */
export const DEFAULT_WISHLIST_ITEM_SORT: WishlistItemSort = 'CreatedDateDesc';

export interface WishlistSummary {
  id: string;
  name: string;
  /** ISO 8601. */
  createdDate: string;
  /** ISO 8601; moves on rename and on every item added or removed. */
  modifiedDate: string;
  wishlistProductCount: number;
  /**
   * Our addition, only when GET wishlists is asked `includeProductIds=true`: the ids of the list's products,
   * newest first. The storefront's "On My List" marks read every list's membership in that one call instead of
   * every list's items with their products and prices.
   */
  productIds?: string[];
}

/** Per-item error objects (commerce-api: "wishlist items use success plus error"). */
export interface WishlistItemError {
  errorCode: string;
  message: string;
}

export interface WishlistItem {
  wishlistItemId: string;
  productId: string;
  /** What the buyer would see on a cart line; `fields` holds the asked `productFields` only. */
  productSummary: CartItemProduct;
  /** Decimal strings for the effective account, or null when the product has no price for it now. */
  listPrice: string | null;
  salesPrice: string | null;
  currencyIsoCode: string;
  /** ISO 8601: when the product was added to the list. */
  createdDate: string;
  /**
   * Why the product can't be bought now (no longer visible to the account, no price, …), else null. A
   * product the account may no longer see keeps its line (the buyer can remove it) but shows only its id and
   * the name it had: nothing the account is not entitled to.
   */
  error: WishlistItemError | null;
}

export interface WishlistItemCollection {
  currencyIsoCode: string;
  items: WishlistItem[];
  hasErrors: boolean;
  currentPageToken: string | null;
  currentPageUrl: string | null;
  nextPageToken: string | null;
  nextPageUrl: string | null;
  previousPageToken: string | null;
  previousPageUrl: string | null;
}

export interface Wishlist {
  summary: WishlistSummary;
  page: WishlistItemCollection;
}

/** GET wishlists. `displayedList` only when `includeDisplayedList=true` and a list exists. */
export interface WishlistsSummary {
  displayedList: Wishlist | null;
  /** Every list of the account, newest first. */
  summaries: WishlistSummary[];
  wishlistCount: number;
}

/** POST wishlists. */
export interface WishlistInput {
  name: string;
  products?: Array<{ productId: string }>;
}

/** PATCH wishlists/{id}. */
export interface WishlistRename {
  name: string;
}

/** POST wishlists/{id}/wishlist-items. */
export interface WishlistItemInput {
  productId: string;
}

/** One line of the list that add-wishlist-to-cart could not add, and why (the cart's own error). */
export interface FailedWishlistToCartItem {
  wishlistItemId: string;
  productId: string;
  /** The product's name as the list shows it. */
  name: string;
  errorCode: string;
  message: string;
}

/** POST wishlists/{id}/actions/add-wishlist-to-cart: what went in and what did not (commerce-api §9). */
export interface AddWishlistToCartResult {
  cartId: string;
  productsRequestedCount: number;
  productsSucceededCount: number;
  productsFailedCount: number;
  succeededWishlistToCartItems: CartItemResult[];
  failedWishlistToCartItems: FailedWishlistToCartItem[];
}

/** Why a list name can't be used, or null. The server and the forms share it. */
export function wishlistNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return 'Enter a name for the list.';
  if (name.trim().length > MAX_WISHLIST_NAME_LENGTH)
    return `A list name has at most ${MAX_WISHLIST_NAME_LENGTH} characters.`;
  if (hasUnsafeTextCharacters(name)) return 'A list name can’t contain control or direction characters.';
  return null;
}

/** A wishlist item's `error.errorCode`: why the line can't be bought now. */
export const WISHLIST_ITEM_ERROR_CODES = {
  /** The product is unknown now, Draft, or not entitled to the account: the line shows only its stored name. */
  productUnavailable: 'PRODUCT_UNAVAILABLE',
  /** The account has no price for the product now (listPrice and salesPrice are null). */
  priceUnavailable: 'PRICE_UNAVAILABLE',
} as const;
