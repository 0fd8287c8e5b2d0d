// Every item of a list, page after page (200 a page, the API's most): for "which lists hold this product"
// and for what moving a whole list leaves to remove.

import type { WishlistCalls } from '@store/client';
import { MAX_WISHLIST_ITEMS, WISHLIST_ITEMS_PAGE_SIZE, type WishlistItem } from '@store/core';

/** A bound on the pages read, past what a full list needs (a guard against a token that never ends). */
const MAX_PAGES = Math.ceil(MAX_WISHLIST_ITEMS / WISHLIST_ITEMS_PAGE_SIZE.max) + 1;

export async function allWishlistItems(
  calls: Pick<WishlistCalls, 'getWishlistItems'>,
  wishlistId: string,
): Promise<WishlistItem[]> {
  const items: WishlistItem[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const got = await calls.getWishlistItems(wishlistId, { pageSize: WISHLIST_ITEMS_PAGE_SIZE.max, pageToken });
    items.push(...got.items);
    if (!got.nextPageToken) break;
    pageToken = got.nextPageToken;
  }
  return items;
}
