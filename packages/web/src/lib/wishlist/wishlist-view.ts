// What the wishlist parts say: the add-to-list control's label ("On My List", "Saved to 2 lists"), the
// header entry's count, item counts and an item's prices, all in one place so the control, the header
// and the lists page word things alike.

import { formatCurrency, type WishlistItem, type WishlistSummary } from '@store/core';
import { STORE_LOCALE } from '../catalogue/product-cards.ts';
import { LISTS_PATH } from '../account/account-nav.ts';

/** The lists page (issue 17 item 2), inside the account area. */

export const ADD_TO_LIST_LABEL = 'Add to list';

/** Where the product already is: "On My List" for one list, "Saved to 2 lists" for more, null for none. */
export function onListsLabel(listNames: readonly string[]): string | null {
  if (listNames.length === 0) return null;
  if (listNames.length === 1) return `On ${listNames[0]}`;
  return `Saved to ${listNames.length} lists`;
}

/** The control's button text: where the product is, else the invitation to add it. */
export function addToListButtonText(listNames: readonly string[]): string {
  return onListsLabel(listNames) ?? ADD_TO_LIST_LABEL;
}

export const productCountText = (n: number): string => (n === 1 ? '1 product' : `${n} products`);

/** The header entry's count: every product on the account's lists (a product on two lists counts twice). */
export function listsProductCount(summaries: readonly Pick<WishlistSummary, 'wishlistProductCount'>[]): number {
  return summaries.reduce((sum, s) => sum + (Number.isFinite(s.wishlistProductCount) ? s.wishlistProductCount : 0), 0);
}

/** "Lists (3)", read out as "Lists, 3 products"; just "Lists" while the count is not known. */
export function listsBadgeLabels(count: number | null): { text: string; ariaLabel: string } {
  if (count === null) return { text: 'Lists', ariaLabel: 'Lists' };
  return { text: `Lists (${count})`, ariaLabel: `Lists, ${productCountText(count)}` };
}

/** An item's price for the effective account, the list price struck through when higher; null price: none now. */
export function itemPrices(item: Pick<WishlistItem, 'listPrice' | 'salesPrice' | 'currencyIsoCode'>): {
  price: string | null;
  original: string | null;
} {
  const sales = item.salesPrice ?? item.listPrice;
  if (sales === null) return { price: null, original: null };
  const money = (v: string) => formatCurrency(v, item.currencyIsoCode, STORE_LOCALE);
  const higherList = item.listPrice !== null && Number(item.listPrice) > Number(sales);
  return { price: money(sales), original: higherList ? money(item.listPrice!) : null };
}

/** The toast after an add: which list it went to, with the way to the lists page. */
export function addedToListToast(productName: string, listName: string) {
  return {
    label: `Added to ${listName}`,
    message: productName ? `${productName} is on ${listName}.` : `The product is on ${listName}.`,
    variant: 'success' as const,
    links: [{ label: 'View your lists', href: LISTS_PATH }],
  };
}
