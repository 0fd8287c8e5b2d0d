// The guest cart at login (spec 02 §4 "guest cart"): merged once into the shopper's cart (what joins,
// the GuestCartMerge policy decides: by default every line, coupon and gift choice), under the shopper's own rules
// and prices (their price books, entitlements and purchase limits). Lines that cannot go in (a once-only dataset already there, a product the account may not buy, stock)
// are counted as errors. The guest cart is then deleted; the result stays on the shopper's cart, so
// `actions/preserve` on the old guest cart id answers it again instead of merging twice.
import { ApiError } from '../../domain/errors.ts';
import type { CartPreserveResult } from '@store/core';
import type { CartTable } from '../../db/schema.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from './cart-owner.ts';
import type { GuestGiftChoice, ShopperCart } from '../../policies/guest-cart-merge.ts';
import { setGiftOptions } from './gift-options.ts';
import { deleteCartRows, guestOwnerKey } from './cart-service.ts';
import { addedLines } from './cart-recalc.ts';

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
  // The policy decides what joins; every change goes through the cart service under the shopper's rules.
  const shopperCart: ShopperCart = {
    async addLines(guestLines) {
      const resolved = await s.carts.resolveInputs(owner, guestLines);
      const { result } = await s.carts.change(
        owner,
        cart,
        (trx, locked) => s.carts.addLines(trx, owner, locked, resolved),
        { lines: addedLines },
      );
      return result.map((outcome) => (outcome.ok ? null : outcome.error.message));
    },
    addCoupon: (code) => refusalOf(async () => s.carts.addCoupon(owner, (await s.carts.findCurrent(owner))!, code)),
    setGift: (choice) => refusalOf(async () => setGiftOptions(s, owner, (await s.carts.findCurrent(owner))!, choice)),
  };
  const { mergedLineCount: merged, messages } = await s.policies.guestCartMerge.merge(
    {
      lines: lines.map((l) => ({
        productId: l.product_id,
        quantity: l.quantity,
        productSellingModelId: l.selling_model_id || undefined,
        subscriptionTerm: l.subscription_term ?? undefined,
        listSelection: l.list_selection ?? undefined,
      })),
      couponCodes: coupons.map((c) => c.code),
      gift: giftChoiceOf(guest),
    },
    shopperCart,
  );
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

/** A change the store may refuse: null when it went through, else the refusal's message. */
async function refusalOf(change: () => Promise<unknown>): Promise<string | null> {
  try {
    await change();
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return err.message;
  }
}

/** What the guest chose for gifts, or null when they chose nothing. */
function giftChoiceOf(cart: CartTable): GuestGiftChoice | null {
  const choice: GuestGiftChoice = {
    ...(cart.gift_wrap === 1 ? { giftWrap: true as const } : {}),
    ...(cart.gift_message ? { giftMessage: cart.gift_message } : {}),
    ...(cart.gift_to_name ? { giftToName: cart.gift_to_name } : {}),
  };
  return Object.keys(choice).length ? choice : null;
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
