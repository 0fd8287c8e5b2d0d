import type { Kysely } from 'kysely';

// Recommendations (issue 18): "customers who bought this also bought" and complete-the-cart start from the order
// lines of a product, and seller insights count a product's orders. Without this index both scan every order line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_item_product_idx').on('order_item').columns(['product_id', 'order_id']).execute();
}
