import type { Kysely } from 'kysely';

// The loose ends of orders and promotions (issue 15).
// - `order_stock_take`: what place-order took from which warehouse for each physical product, so cancelling an
//   order that has not shipped can put exactly that back (the StockAllocation policy chooses the warehouses at
//   placement; nothing recorded that before). `restocked_at` marks a take given back, so it is given back once.
// - `coupon.max_uses_per_customer` and `coupon_customer_use`: a coupon may be limited per customer besides in all.
//   One row per coupon and customer counts that customer's orders; place-order raises it by a conditional update
//   (`times_used < max_uses_per_customer`) in the order's transaction, as `coupon.times_used` is for `max_uses`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_stock_take')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('restocked_at', 'text')
    .addPrimaryKeyConstraint('order_stock_take_pk', ['order_id', 'product_id', 'location_id'])
    .execute();

  await db.schema.alterTable('coupon').addColumn('max_uses_per_customer', 'integer').execute();
  await db.schema
    .createTable('coupon_customer_use')
    .addColumn('coupon_id', 'text', (c) => c.notNull())
    /** `user:{userId}` for a logged-in buyer, `email:{lower-cased email}` for a guest. */
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('coupon_customer_use_pk', ['coupon_id', 'customer_key'])
    .execute();
}
