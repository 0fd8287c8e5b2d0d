// Restock on cancel (issue 15 §6): an order cancelled before anything shipped gives its physical items back to
// the warehouses place-order took them from (order_stock_take). Runs in the cancellation's transaction, with
// the order row locked; each take is marked restocked as it goes back, so a take is never given back twice.
// A refund does not restock: a refunded line that shipped is with the buyer, and one that did not still
// belongs to an order that may ship the rest (the seller cancels to give the stock back).
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Puts the order's unreturned stock takes back on hand; answers what went back, per product and warehouse. */
export async function restockOrder(trx: Transaction<Database>, orderId: string, now: string) {
  const takes = await trx
    .selectFrom('order_stock_take')
    .select(['product_id', 'location_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('restocked_at', 'is', null)
    .orderBy('product_id')
    .orderBy('location_id')
    .execute();
  for (const t of takes) {
    await trx
      .updateTable('inventory_level')
      .set({ on_hand: sql<number>`on_hand + ${t.quantity}` })
      .where('product_id', '=', t.product_id)
      .where('location_id', '=', t.location_id)
      .execute();
    await trx
      .updateTable('order_stock_take')
      .set({ restocked_at: now })
      .where('order_id', '=', orderId)
      .where('product_id', '=', t.product_id)
      .where('location_id', '=', t.location_id)
      .execute();
  }
  return takes.map((t) => ({ productId: t.product_id, locationId: t.location_id, quantity: t.quantity }));
}
