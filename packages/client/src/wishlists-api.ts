// Wishlists (spec 02 §3, §4, §5, §7; commerce-api §9): an account's lists, their items, and moving a list
// into the cart. Spec 02 §5: adding an item and add-wishlist-to-cart need a wishlistId; like every id
// this client needs, a missing one raises a TypeError before any request. Guests have no lists: the
// server answers 401 (logged out) or 403, and the storefront asks them to log in first.
import {
  effectiveAccountIdOrNull,
  type AddWishlistToCartResult,
  type Wishlist,
  type WishlistInput,
  type WishlistItem,
  type WishlistItemCollection,
  type WishlistItemSort,
  type WishlistsSummary,
  type WishlistSummary,
} from '@store/core';
import type { CallOptions, FieldList } from './call-options.ts';
import type { Http } from './http.ts';
import { requireId } from './validate.ts';

export interface WishlistCallOptions extends CallOptions {
  /** The account the buyer acts for; the server otherwise uses the session's. */
  effectiveAccountId?: string;
}

export interface WishlistItemsOptions extends WishlistCallOptions {
  /** Items per page: 1–100 for GET wishlists, 1–200 for one list (default 25). */
  pageSize?: number;
  /** Product fields each item's productSummary.fields carries (comma list on the wire). */
  productFields?: FieldList;
  sortItemsBy?: WishlistItemSort;
}

export interface GetWishlistsOptions extends WishlistItemsOptions {
  /** Also answer one list with its first page of items (displayedList). */
  includeDisplayedList?: boolean;
  /** Which list is displayed; the newest when absent. */
  wishlistId?: string;
  /** Our addition: each summary also lists its products' ids (for "already on a list" marks). */
  includeProductIds?: boolean;
}

export interface GetWishlistOptions extends WishlistItemsOptions {
  /** A page token from an earlier answer (nextPageToken / previousPageToken). */
  pageToken?: string;
}

export interface WishlistCalls {
  /** GET wishlists: every list of the account (summaries), optionally one displayed with items. */
  getWishlists(options?: GetWishlistsOptions): Promise<WishlistsSummary>;
  /** GET wishlists/{id}: the list with one page of its items. */
  getWishlist(wishlistId: string, options?: GetWishlistOptions): Promise<Wishlist>;
  /** GET wishlists/{id}/wishlist-items: one page of items. */
  getWishlistItems(wishlistId: string, options?: GetWishlistOptions): Promise<WishlistItemCollection>;
  /** POST wishlists (201): a new list, optionally with products. */
  createWishlist(input: WishlistInput, options?: WishlistCallOptions): Promise<Wishlist>;
  /** PATCH wishlists/{id}: a new name. */
  renameWishlist(wishlistId: string, name: string, options?: WishlistCallOptions): Promise<WishlistSummary>;
  /** DELETE wishlists/{id} (204). */
  deleteWishlist(wishlistId: string, options?: WishlistCallOptions): Promise<void>;
  /** POST wishlists/{id}/wishlist-items (201). Adding a product already on the list answers its item. */
  addWishlistItem(wishlistId: string, productId: string, options?: WishlistCallOptions): Promise<WishlistItem>;
  /** DELETE wishlists/{id}/wishlist-items/{itemId} (204). */
  removeWishlistItem(wishlistId: string, wishlistItemId: string, options?: WishlistCallOptions): Promise<void>;
  /** POST wishlists/{id}/actions/add-wishlist-to-cart: what went into the current cart and what did not, and why. */
  addWishlistToCart(wishlistId: string, options?: WishlistCallOptions): Promise<AddWishlistToCartResult>;
}

const fieldList = (f: FieldList | undefined) => (typeof f === 'string' ? f : f?.join(','));

export function createWishlistCalls(http: Http): WishlistCalls {
  const ws = http.webstorePath;
  const account = (o: WishlistCallOptions) => effectiveAccountIdOrNull(o.effectiveAccountId) ?? undefined;
  const itemQuery = (o: GetWishlistOptions) => ({
    pageSize: o.pageSize,
    productFields: fieldList(o.productFields),
    sortItemsBy: o.sortItemsBy,
    pageToken: o.pageToken,
    effectiveAccountId: account(o),
  });
  const send = async <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, o: WishlistCallOptions, body?: unknown) =>
    (await http.request<T>({ method, path, query: { effectiveAccountId: account(o) }, body, signal: o.signal })).data;

  return {
    async getWishlists(o = {}) {
      const query = {
        includeDisplayedList: o.includeDisplayedList,
        includeProductIds: o.includeProductIds,
        pageSize: o.pageSize,
        productFields: fieldList(o.productFields),
        sortItemsBy: o.sortItemsBy,
        wishlistId: o.wishlistId === undefined ? undefined : requireId(o.wishlistId, 'wishlistId'),
        effectiveAccountId: account(o),
      };
      return (await http.request<WishlistsSummary>({ path: ws('wishlists'), query, signal: o.signal })).data;
    },
    async getWishlist(wishlistId, o = {}) {
      const path = ws('wishlists', requireId(wishlistId, 'wishlistId'));
      return (await http.request<Wishlist>({ path, query: itemQuery(o), signal: o.signal })).data;
    },
    async getWishlistItems(wishlistId, o = {}) {
      const path = ws('wishlists', requireId(wishlistId, 'wishlistId'), 'wishlist-items');
      return (await http.request<WishlistItemCollection>({ path, query: itemQuery(o), signal: o.signal })).data;
    },
    createWishlist: (input, o = {}) => send<Wishlist>('POST', ws('wishlists'), o, input),
    renameWishlist: (wishlistId, name, o = {}) =>
      send<WishlistSummary>('PATCH', ws('wishlists', requireId(wishlistId, 'wishlistId')), o, { name }),
    async deleteWishlist(wishlistId, o = {}) {
      await send<unknown>('DELETE', ws('wishlists', requireId(wishlistId, 'wishlistId')), o);
    },
    addWishlistItem: (wishlistId, productId, o = {}) =>
      send<WishlistItem>('POST', ws('wishlists', requireId(wishlistId, 'wishlistId'), 'wishlist-items'), o, {
        productId: requireId(productId, 'productId'),
      }),
    async removeWishlistItem(wishlistId, wishlistItemId, o = {}) {
      const path = ws(
        'wishlists',
        requireId(wishlistId, 'wishlistId'),
        'wishlist-items',
        requireId(wishlistItemId, 'wishlistItemId'),
      );
      await send<unknown>('DELETE', path, o);
    },
    addWishlistToCart: (wishlistId, o = {}) =>
      send<AddWishlistToCartResult>(
        'POST',
        ws('wishlists', requireId(wishlistId, 'wishlistId'), 'actions', 'add-wishlist-to-cart'),
        o,
      ),
  };
}
