// The shopper's gift choices on a cart (issue 14; giftingConfig in spec 01): gift wrap for the printed
// directories and a gift message with the name it is addressed to. The store's switches decide what may be chosen; the checks run on the
// locked cart inside the change, so a refusal changes nothing, and the recalculation that ends every change
// prices the wrap (cart-recalc.ts). The choices are copied to the order when it is placed.
import type { CartSummary, GiftChoice } from '@store/core';
import type { CartTable } from '../../db/schema.ts';
import { badInput } from '../../domain/errors.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from './cart-owner.ts';
import { giftMessageOffered, giftWrapOffered } from '../gift-wrap.ts';

/** Blank is no message: the storefront sends what the box holds. */
const messageOf = (text: string | null | undefined): string | null => (text?.trim() ? text.trim() : null);

export async function setGiftOptions(
  s: Services,
  owner: CartOwner,
  cart: CartTable,
  input: Partial<GiftChoice>,
): Promise<CartSummary> {
  const settings = owner.webstore.settings;
  if (!settings.giftingConfig.isGiftingEnabled) throw badInput('This store does not offer gift options.');
  const message = messageOf(input.giftMessage);
  const toName = messageOf(input.giftToName);
  if (message !== null && !giftMessageOffered(settings))
    throw badInput('This store does not offer gift messages. Remove giftMessage.');
  // The name heads the gift card, so it comes with the message.
  if (toName !== null && !giftMessageOffered(settings))
    throw badInput('This store does not offer gift cards. Remove giftToName.');
  if (input.giftWrap === true && !giftWrapOffered(settings)) throw badInput('This store does not offer gift wrap.');
  const { cart: after } = await s.carts.change(owner, cart, async (trx, locked) => {
    const wrap = input.giftWrap ?? locked.gift_wrap === 1;
    // Only printed goods can be wrapped; datasets are delivered as downloads. (The count is the locked row's,
    // kept by every recalculation.)
    if (input.giftWrap === true && locked.printed_line_count === 0)
      throw badInput('Gift wrap is for printed directories; this cart has none.');
    const gift = {
      gift_wrap: wrap ? 1 : 0,
      gift_message: input.giftMessage === undefined ? locked.gift_message : message,
      gift_to_name: input.giftToName === undefined ? locked.gift_to_name : toName,
    };
    await trx.updateTable('cart').set(gift).where('id', '=', locked.id).execute();
    // The recalculation that follows prices the row it was handed, so it must see the new choice.
    Object.assign(locked, gift);
  });
  return s.carts.summary(owner, after);
}
