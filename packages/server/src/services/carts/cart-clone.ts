// actions/clone with targetType PayNowReadOnly: a frozen copy of the cart (lines, prices, coupons) for
// a pay-now link. The copy is not the shopper's current cart and refuses every change.
import type { CartSummary } from '@store/core';
import type { CartTable } from '../../db/schema.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from './cart-owner.ts';
import { randomRecordId } from '../../domain/record-ids.ts';
import { KEY_PREFIXES } from '@store/core';

export async function cloneCart(s: Services, owner: CartOwner, source: CartTable): Promise<CartSummary> {
  const { cart } = await s.carts.create(owner, 'PayNowReadOnly');
  const copy = await s.db.transaction().execute(async (trx) => {
    const [items, coupons, group] = await Promise.all([
      trx.selectFrom('cart_item').selectAll().where('cart_id', '=', source.id).execute(),
      trx.selectFrom('cart_coupon').selectAll().where('cart_id', '=', source.id).execute(),
      trx
        .selectFrom('cart_delivery_group')
        .select('id')
        .where('cart_id', '=', cart.id)
        .where('is_default', '=', 1)
        .executeTakeFirstOrThrow(),
    ]);
    if (items.length) {
      await trx
        .insertInto('cart_item')
        .values(
          items.map((i) => ({
            ...i,
            id: randomRecordId(KEY_PREFIXES.cartItem),
            cart_id: cart.id,
            delivery_group_id: group.id,
          })),
        )
        .execute();
    }
    if (coupons.length)
      await trx
        .insertInto('cart_coupon')
        .values(coupons.map((c) => ({ ...c, id: randomRecordId('0cc'), cart_id: cart.id })))
        .execute();
    const totals = {
      total_list_minor: source.total_list_minor,
      total_product_minor: source.total_product_minor,
      total_item_adjust_minor: source.total_item_adjust_minor,
      total_cart_adjust_minor: source.total_cart_adjust_minor,
      total_tax_minor: source.total_tax_minor,
      total_quantity: source.total_quantity,
      line_count: source.line_count,
      cart_adjustments_json: source.cart_adjustments_json,
      item_promotions_json: source.item_promotions_json,
      // The gift choice and its price go with the copy, so paying it pays for the wrap too.
      gift_wrap: source.gift_wrap,
      gift_message: source.gift_message,
      gift_to_name: source.gift_to_name,
      total_gift_wrap_minor: source.total_gift_wrap_minor,
      printed_line_count: source.printed_line_count,
    };
    await trx.updateTable('cart').set(totals).where('id', '=', cart.id).execute();
    return { ...cart, ...totals };
  });
  return s.carts.summary(owner, copy);
}
