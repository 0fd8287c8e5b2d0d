import type { Kysely } from 'kysely';

// Seller insights (issue 18 item 4) read a period of a store's activities and orders. Measured on a year of
// 300,000 activities (bench/insights-cost.ts), reading rows through 023's (webstore_id, occurred_at) index cost one
// table lookup per row, seconds for a year on SQLite. These indexes hold every column the insights queries read,
// so each query is a range scan of one index and never touches the table; orders get a (store, time) index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('shopper_activity_funnel_idx')
    .on('shopper_activity')
    .columns(['webstore_id', 'activity', 'occurred_at', 'product_id'])
    .execute();
  await db.schema
    .createIndex('shopper_activity_search_idx')
    .on('shopper_activity')
    .columns(['webstore_id', 'activity', 'occurred_at', 'search_term', 'result_count'])
    .execute();
  await db.schema
    .createIndex('sales_order_time_idx')
    .on('sales_order')
    .columns(['webstore_id', 'created_at'])
    .execute();
}
