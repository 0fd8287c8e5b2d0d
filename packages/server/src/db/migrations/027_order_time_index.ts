import type { Kysely } from 'kysely';

// Seller insights (issue 18 item 4) count a store's orders placed in a period: without this index every insights
// call reads every order of every store. The activities' own (webstore_id, occurred_at) index came with 023.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('sales_order_time_idx')
    .on('sales_order')
    .columns(['webstore_id', 'created_at'])
    .execute();
}
