// What stock can still be sold: the one formula the inventory API, the cart's stock check and the
// order's stock taking share. A warehouse row gives what it has on hand less what is reserved there;
// carts then hold some of the pool (their reservations are not tied to a warehouse).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Webstore } from './webstores.ts';

export interface StockRow {
  on_hand: number;
  reserved: number;
}

/** What one warehouse row can still give: on hand less reserved, never below zero. */
export const freeStock = (row: StockRow): number => Math.max(0, row.on_hand - row.reserved);

/** Free stock less what carts hold, never below zero. */
export const lessHeldByCarts = (free: number, held: number): number => Math.max(0, free - held);

/** What can be ordered from these rows once the carts' holds are counted. */
export function availableStock(rows: readonly StockRow[], held: number): number {
  return lessHeldByCarts(
    rows.reduce((sum, r) => sum + freeStock(r), 0),
    held,
  );
}

/**
 * The stock rows of the products at the store's default inventory source (its location group; every
 * location when none is set). A query, so the order's stock taking can lock the rows it reads.
 */
export function defaultSourceStock(db: Kysely<Database>, store: Webstore, productIds: readonly string[]) {
  const groupId = store.settings.inventoryConfiguration?.inventoryDefaultSource?.locationSourceId;
  const rows = db
    .selectFrom('inventory_level')
    .select(['product_id', 'location_id', 'on_hand', 'reserved'])
    .where('product_id', 'in', [...productIds]);
  return groupId
    ? rows.where(
        'location_id',
        'in',
        db.selectFrom('location_group_member').select('location_id').where('location_group_id', '=', groupId),
      )
    : rows;
}

/**
 * Units carts hold and have not let lapse, per product (every cart but `exceptCartId`). Takes the database
 * handle to use, so a cart change can ask inside its transaction.
 */
export async function heldByCarts(
  db: Kysely<Database>,
  productIds: string[],
  now: string,
  exceptCartId: string | null = null,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!productIds.length) return out;
  let q = db
    .selectFrom('inventory_reservation')
    .select(['product_id', 'quantity'])
    .where('product_id', 'in', productIds)
    .where('expires_at', '>', now);
  if (exceptCartId) q = q.where('cart_id', '!=', exceptCartId);
  for (const h of await q.execute()) out.set(h.product_id, (out.get(h.product_id) ?? 0) + h.quantity);
  return out;
}
