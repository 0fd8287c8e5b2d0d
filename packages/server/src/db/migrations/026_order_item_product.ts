import type { Kysely } from 'kysely';

// Recommendations (issue 18). "Customers who bought this also bought" and complete-the-cart start from the order
// lines of a product (and seller insights count a product's orders): without the first index both scan every order
// line. Similar datasets look for the same SIC code, the same major group (a code range) and the same division.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_item_product_idx').on('order_item').columns(['product_id', 'order_id']).execute();
  await db.schema.createIndex('product_sic_code_idx').on('product').columns(['webstore_id', 'sic_code']).execute();
  await db.schema
    .createIndex('product_sic_division_idx')
    .on('product')
    .columns(['webstore_id', 'sic_division'])
    .execute();
}
