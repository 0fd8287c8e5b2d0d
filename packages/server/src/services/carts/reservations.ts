// Inventory reservations (spec 02 §7 "inventory-reservations", default 14400 s): a cart holds the stock
// of its physical lines for a while, so other carts cannot take it; reservations lapse on their own
// (every availability check ignores expired ones), and a new reservation replaces the cart's old one.
import type { InventoryReservationResult } from '@store/core';
import type { CartTable } from '../../db/schema.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from './cart-owner.ts';
import { availableQuantities, checkStock } from './cart-lines.ts';

/** The longest hold a cart may ask for (a day): stock held longer than that is stock nobody sells. */
export const MAX_RESERVATION_SECONDS = 86_400;

export async function reserveInventory(
  s: Services,
  owner: CartOwner,
  cart: CartTable,
  seconds: number,
): Promise<InventoryReservationResult> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + seconds * 1000).toISOString();
  const reservations = await s.db.transaction().execute(async (trx) => {
    // Lock the cart so its lines do not change under the reservation.
    await trx.updateTable('cart').set({ updated_at: now.toISOString() }).where('id', '=', cart.id).execute();
    const lines = await trx
      .selectFrom('cart_item')
      .innerJoin('product', 'product.id', 'cart_item.product_id')
      .selectAll('product')
      .select(['cart_item.quantity as line_quantity'])
      .where('cart_item.cart_id', '=', cart.id)
      .execute();
    const totals = new Map<string, { row: (typeof lines)[number]; quantity: number }>();
    for (const l of lines) totals.set(l.id, { row: l, quantity: (totals.get(l.id)?.quantity ?? 0) + l.line_quantity });
    const available = await availableQuantities(
      s.stockReads,
      trx,
      owner,
      [...totals.keys()],
      cart.id,
      now.toISOString(),
    );
    const held: Array<{ productId: string; quantity: number }> = [];
    for (const [productId, { row, quantity }] of totals) {
      const free = available.get(productId);
      if (free === null || free === undefined) continue;
      checkStock(row, quantity, free);
      held.push({ productId, quantity });
    }
    await trx.deleteFrom('inventory_reservation').where('cart_id', '=', cart.id).execute();
    if (held.length) {
      await trx
        .insertInto('inventory_reservation')
        .values(
          held.map((h) => ({ cart_id: cart.id, product_id: h.productId, quantity: h.quantity, expires_at: expiresAt })),
        )
        .execute();
    }
    return held;
  });
  return {
    cartId: cart.id,
    expiresAt,
    reservations: reservations.map((r) => ({ productId: r.productId, quantity: String(r.quantity), expiresAt })),
  };
}
