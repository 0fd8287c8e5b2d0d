import type { Kysely } from 'kysely';

// Wishlists (issue 17; spec 02 §3, §4, §7). A list belongs to an account in a store: the effective account a
// buyer acts for, so a buyer's lists for Contoso are not Northwind's, and every buyer of Contoso shares them.
// `created_by_user_id` only records who made it. An item keeps the product's name as it was added, so a line
// whose product the account may no longer see can still be named (and removed) without reading the product.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wishlist')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wishlist_account').on('wishlist').columns(['webstore_id', 'account_id']).execute();
  await db.schema
    .createTable('wishlist_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('wishlist_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A product is on a list at most once; the list's items are read in this order.
  await db.schema
    .createIndex('wishlist_item_product')
    .on('wishlist_item')
    .columns(['wishlist_id', 'product_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('wishlist_item_created')
    .on('wishlist_item')
    .columns(['wishlist_id', 'created_at'])
    .execute();
}
