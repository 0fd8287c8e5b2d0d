import type { Kysely } from 'kysely';

// Issue 20: each item promotion's total over the cart's lines, kept on the cart row by the recalculation (as the
// cart-level adjustments already are), so a page of lines answers the cart's promotions without reading every
// line. Null on carts last recalculated before this migration: those are read from their lines until their next
// change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('item_promotions_json', 'text').execute();
}
