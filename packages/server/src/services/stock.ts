// What stock can still be sold: the one formula the inventory API, the cart's stock check and the
// order's stock taking share. A warehouse row gives what it has on hand less what is reserved there;
// carts then hold some of the pool (their reservations are not tied to a warehouse).
import type { Kysely } from 'kysely';
import { PreparedQuery } from '../db/prepared.ts';
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
  return stockAtSource(db, defaultSourceGroup(store), productIds);
}

/** The store's default inventory source: a location group, or undefined for every location. */
const defaultSourceGroup = (store: Webstore): string | undefined =>
  store.settings.inventoryConfiguration?.inventoryDefaultSource?.locationSourceId;

function stockAtSource(db: Kysely<Database>, groupId: string | undefined, productIds: readonly string[]) {
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

type StockLevelRow = StockRow & { product_id: string; location_id: string };

/**
 * defaultSourceStock prepared once (db/prepared.ts), for the reads that only look: the cart checks stock on every
 * add, and building the query each time cost more than running it.
 */
export class DefaultSourceStockReads {
  private anywhere: PreparedQuery<{ ids: string[] }, StockLevelRow>;
  private inGroup: PreparedQuery<{ ids: string[]; groupId: string }, StockLevelRow>;

  /** `db`: the store's database; each read runs on it or on the transaction it is given. */
  constructor(db: Kysely<Database>) {
    this.anywhere = new PreparedQuery(db, (d, p) => stockAtSource(d, undefined, p.ids));
    this.inGroup = new PreparedQuery(db, (d, p) => stockAtSource(d, p.groupId, p.ids));
  }

  /** What defaultSourceStock(on, store, ids) reads. */
  rows(on: Kysely<Database>, store: Webstore, ids: string[]): Promise<StockLevelRow[]> {
    const groupId = defaultSourceGroup(store);
    return groupId ? this.inGroup.execute({ ids, groupId }, on) : this.anywhere.execute({ ids }, on);
  }
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
