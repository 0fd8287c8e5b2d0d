// Moving list items to the cart (issue 17 item 2): what went in, what did not and why, in words a buyer
// understands. The server says why per line (the cart's own error code and message); the codes a buyer
// cannot act on are put in plain words here, and the items that went in are the ones the page then
// removes from the list. Lines that did not go in stay on the list.

import {
  WISHLIST_ITEM_ERROR_CODES,
  type AddWishlistToCartResult,
  type ProductClass,
  type WishlistItem,
} from '@store/core';

export interface MoveFailure {
  wishlistItemId: string;
  productId: string;
  name: string;
  reason: string;
}

export interface MoveListOutcome {
  /** Products that went into the cart. */
  addedCount: number;
  /** The list's items to remove now that they are in the cart. */
  removeItemIds: string[];
  /** The lines that stay on the list, each with why it could not be added. */
  failed: MoveFailure[];
}

const GENERIC_REASON = 'It could not be added to the cart.';

/**
 * Why a line could not go into the cart, for a buyer. Stock, visibility and price refusals get our words;
 * a variation parent or a set is explained by what to do instead; otherwise the server's message, which
 * the cart writes for shoppers ("… has no price for you, so it can't be added to the cart.").
 */
export function moveFailureReason(
  failure: { errorCode?: string | null; message?: string | null },
  productClass?: ProductClass | null,
): string {
  if (productClass === 'VariationParent')
    return 'Choose an option on the product page first: this product is sold as one of its variations.';
  if (productClass === 'Set') return 'A set is not sold as a whole: add its products from the product page.';
  switch (failure.errorCode) {
    case 'INSUFFICIENT_INVENTORY':
    case 'OUT_OF_STOCK':
      return 'Out of stock: not enough left to add it now.';
    case 'ITEM_NOT_FOUND':
    case 'INSUFFICIENT_ACCESS':
    case WISHLIST_ITEM_ERROR_CODES.productUnavailable:
      return 'This product is no longer available to your account.';
    case 'MAX_LIMIT_EXCEEDED':
      return 'It is already in your cart.';
    case 'CART_PROCESSING':
      return 'Your cart is busy with another change. Try again in a moment.';
  }
  const message = failure.message?.trim();
  return message ? message : GENERIC_REASON;
}

/**
 * The outcome of add-wishlist-to-cart against every item of the list: a failed line stays (with its reason,
 * the item's class making it plainer); an item whose product went in is removed. A product the server did
 * not mention stays as it is.
 */
export function moveListOutcome(
  result: Pick<AddWishlistToCartResult, 'succeededWishlistToCartItems' | 'failedWishlistToCartItems'>,
  items: readonly Pick<WishlistItem, 'wishlistItemId' | 'productId' | 'productSummary'>[],
): MoveListOutcome {
  const classOf = new Map(items.map((i) => [i.wishlistItemId, i.productSummary?.productClass ?? null]));
  const failed = result.failedWishlistToCartItems.map((f) => ({
    wishlistItemId: f.wishlistItemId,
    productId: f.productId,
    name: f.name,
    reason: moveFailureReason(f, classOf.get(f.wishlistItemId)),
  }));
  const failedIds = new Set(failed.map((f) => f.wishlistItemId));
  const inCart = new Set(result.succeededWishlistToCartItems.map((s) => s.cartItem.productId));
  const removeItemIds = items
    .filter((i) => inCart.has(i.productId) && !failedIds.has(i.wishlistItemId))
    .map((i) => i.wishlistItemId);
  return { addedCount: result.succeededWishlistToCartItems.length, removeItemIds, failed };
}

/** The toast after moving a whole list: how many went in, and that the rest stayed with their reasons. */
export function moveListToast(outcome: Pick<MoveListOutcome, 'addedCount' | 'failed'>, listName: string) {
  const added = outcome.addedCount;
  const kept = outcome.failed.length;
  const addedText = added === 1 ? '1 product was added to your cart' : `${added} products were added to your cart`;
  if (kept === 0)
    return {
      label: 'Moved to your cart',
      message: `${addedText} and removed from ${listName}.`,
      variant: 'success' as const,
    };
  const keptText = kept === 1 ? '1 product could not be added' : `${kept} products could not be added`;
  return {
    label: added === 0 ? 'Nothing was added to your cart' : 'Some products were not added',
    message: `${added ? `${addedText}. ` : ''}${keptText} and stayed on ${listName}; the list says why.`,
    variant: added === 0 ? ('error' as const) : ('warning' as const),
  };
}
