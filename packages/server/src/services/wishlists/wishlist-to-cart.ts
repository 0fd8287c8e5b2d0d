// POST wishlists/{id}/actions/add-wishlist-to-cart: every item of the list goes into the caller's current
// cart through the cart's own add path (resolveInputs, then addLines in one locked change), so quantity
// rules, stock, entitlements and selling models are honoured exactly as an add from the product page:
// the product's minimum purchase quantity, the spec's default selling model (spec 02 §4; resolveLine
// picks it and its minimum term when none is named). What can be added is added; each line that can't is
// reported with the cart's own error. The list itself is not changed.
import { resolveQuantityRule, type AddWishlistToCartResult, type CartItemResult } from '@store/core';
import { ApiError } from '../../domain/errors.ts';
import { cartOwnerOf } from '../carts/cart-owner.ts';
import { addedLines } from '../carts/cart-recalc.ts';
import type { Services } from '../index.ts';
import type { WishlistScope } from './wishlist-service.ts';

export async function addWishlistToCart(
  s: Services,
  scope: WishlistScope,
  wishlistId: string,
): Promise<AddWishlistToCartResult> {
  const list = await s.wishlists.owned(scope, wishlistId);
  const rows = await s.wishlists.allItems(list);
  const owner = cartOwnerOf(scope.store, scope.ctx, null);
  // The quantity each line starts at on the product page: the purchase rule's minimum (1 without a rule).
  const products = new Map(
    (await s.products.rowsByIds(scope.store.id, [...new Set(rows.map((r) => r.product_id))])).map((p) => [p.id, p]),
  );
  const inputs = rows.map((r) => {
    const p = products.get(r.product_id);
    const rule = resolveQuantityRule({ minimum: p?.qty_min ?? undefined });
    return { productId: r.product_id, quantity: rule.minimum };
  });
  const cart = await s.carts.forWrite(owner, 'current');
  const resolved = await s.carts.resolveInputs(owner, inputs);
  // Nothing addable (every line refused before the cart is looked at): the cart is left alone, not even locked.
  const { result, cart: after } = resolved.some((line) => !(line instanceof ApiError))
    ? await s.carts.change(owner, cart, (trx, locked) => s.carts.addLines(trx, owner, locked, resolved), {
        lines: addedLines,
      })
    : { result: resolved.map((error) => ({ ok: false as const, error: error as ApiError })), cart };
  const added = result.flatMap((o) => (o.ok ? [o.item] : []));
  const views = new Map((await s.carts.itemViews(owner, after, added)).map((v) => [v.cartItemId, v]));
  const succeeded: CartItemResult[] = [];
  const failed: AddWishlistToCartResult['failedWishlistToCartItems'] = [];
  result.forEach((o, i) => {
    const row = rows[i]!;
    if (o.ok) succeeded.push({ cartItem: views.get(o.item.id)!, message: null, status: 'Success' });
    else
      failed.push({
        wishlistItemId: row.id,
        productId: row.product_id,
        name: row.product_name,
        errorCode: o.error.errorCode,
        message: o.error.message,
      });
  });
  return {
    cartId: after.id,
    productsRequestedCount: rows.length,
    productsSucceededCount: succeeded.length,
    productsFailedCount: failed.length,
    succeededWishlistToCartItems: succeeded,
    failedWishlistToCartItems: failed,
  };
}
