import type { Kysely } from 'kysely';

// Shopper activities (issue 18, spec 01 §7 "Analytics"): one row per accepted activity, written in batches off the
// request path. The columns are what recommenders and seller insights filter and group by; the rest of a payload
// (the products a view listed, suggested terms) is kept as JSON in detail_json. Rows older than the retention
// time are deleted by the server. visitor_id is the analytics cookie's value (statistics consent only).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shopper_activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    /** One of core SHOPPER_ACTIVITIES. */
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    /** The logged-in user and the account they acted for, null for a guest. */
    .addColumn('user_id', 'text')
    .addColumn('account_id', 'text')
    /** The one product the activity is about (view, add, click), else null. */
    .addColumn('product_id', 'text')
    .addColumn('category_id', 'text')
    /** Normalised (core normalizeSearchTerm). */
    .addColumn('search_term', 'text')
    .addColumn('result_count', 'integer')
    .addColumn('recommender', 'text')
    .addColumn('position', 'integer')
    .addColumn('quantity', 'integer')
    /** Decimal strings as the shopper saw them. */
    .addColumn('unit_price', 'text')
    .addColumn('list_price', 'text')
    .addColumn('detail_json', 'text')
    .execute();
  await db.schema
    .createIndex('shopper_activity_time_idx')
    .on('shopper_activity')
    .columns(['webstore_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('shopper_activity_product_idx')
    .on('shopper_activity')
    .columns(['webstore_id', 'product_id', 'activity'])
    .execute();
  await db.schema
    .createIndex('shopper_activity_visitor_idx')
    .on('shopper_activity')
    .columns(['visitor_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('shopper_activity_user_idx')
    .on('shopper_activity')
    .columns(['user_id', 'occurred_at'])
    .execute();
}
