// The guest cart at login (spec 02 §4 "guest cart"): merged once into the shopper's cart, line by line
// under the shopper's own rules and prices (their price books, entitlements and purchase limits). Lines
// that cannot go in (a once-only dataset already there, a product the account may not buy, stock)
// are counted as errors. The guest cart is then deleted; the result stays on the shopper's cart, so
// `actions/preserve` on the old guest cart id answers it again instead of merging twice.
import { ApiError } from '../../domain/errors.ts';
import type { CartPreserveResult } from '@store/core';
import type { CartTable } from '../../db/schema.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from './cart-owner.ts';
import { deleteCartRows, guestOwnerKey } from './cart-service.ts';

export async function mergeGuestCart(
  s: Services,
  guestSessionId: string,
  owner: CartOwner,
): Promise<CartPreserveResult | null> {
  const guest = await s.db
    .selectFrom('cart')
    .selectAll()
    .where('owner_key', '=', guestOwnerKey(guestSessionId))
    .executeTakeFirst();
  if (!guest) return null;
  const [lines, coupons] = await Promise.all([
    s.db.selectFrom('cart_item').selectAll().where('cart_id', '=', guest.id).orderBy('seq').execute(),
    s.db.selectFrom('cart_coupon').select('code').where('cart_id', '=', guest.id).orderBy('created_at').execute(),
  ]);
  const { cart } = await s.carts.findOrCreate(owner, 'current');
  const messages: string[] = [];
  let merged = 0;
  if (lines.length) {
    const resolved = await s.carts.resolveInputs(
      owner,
      lines.map((l) => ({
        productId: l.product_id,
        quantity: l.quantity,
        productSellingModelId: l.selling_model_id || undefined,
        subscriptionTerm: l.subscription_term ?? undefined,
      })),
    );
    const { result } = await s.carts.change(owner, cart, (trx, locked) =>
      s.carts.addLines(trx, owner, locked, resolved),
    );
    for (const outcome of result) {
      if (outcome.ok) merged += 1;
      else messages.push(outcome.error.message);
    }
  }
  for (const c of coupons) {
    try {
      await s.carts.addCoupon(owner, (await s.carts.findCurrent(owner))!, c.code);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      messages.push(err.message);
    }
  }
  const outcome: CartPreserveResult = {
    cartId: guest.id,
    mergedLineCount: merged,
    errorCount: messages.length,
    messages,
  };
  await s.db.transaction().execute(async (trx) => {
    await deleteCartRows(trx, guest.id);
    await trx
      .updateTable('cart')
      .set({ merged_json: JSON.stringify(outcome) })
      .where('id', '=', cart.id)
      .execute();
  });
  return outcome;
}

/**
 * POST carts/{guestCartId}/actions/preserve after login: the merge already happened at login, so this
 * answers its result; only the shopper whose cart absorbed that guest cart gets it.
 */
export async function preserveResult(s: Services, owner: CartOwner, guestCartId: string): Promise<CartPreserveResult> {
  if (!owner.userId) throw new ApiError(403, 'INSUFFICIENT_ACCESS', 'Log in to keep your guest cart.');
  const cart: CartTable | null = await s.carts.findCurrent(owner);
  const merged = cart?.merged_json ? (JSON.parse(cart.merged_json) as CartPreserveResult) : null;
  if (!merged || merged.cartId.slice(0, 15) !== guestCartId.slice(0, 15))
    throw new ApiError(404, 'ITEM_NOT_FOUND', `The cart ${guestCartId} doesn't exist or isn't yours.`);
  return { ...merged, cartId: cart!.id };
}
