import type { Kysely } from 'kysely';

// Search-engine settings the seller gives a product or category (issue 16 item 8): a title and a meta
// description in place of the ones derived from its Name and Description, and "no index" to keep its page out
// of search engines (the SEO properties call answers isSeoIndexed false; the sitemap leaves it out). A record
// without a row takes the derived values and is indexed when a guest may see it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seo_override')
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    /** A product (01t) or category (0ZG) id, 18 characters. */
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('no_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seo_override_pk', ['webstore_id', 'record_id'])
    .execute();
  // The sitemap's pass over a store's products, and the stamp that says whether they changed (count, newest
  // changed_version), read this index alone: at 100,000 products the wide product rows are never read, nor sorted.
  await db.schema
    .createIndex('product_sitemap_idx')
    .on('product')
    .columns(['webstore_id', 'is_active', 'id', 'last_updated', 'changed_version'])
    .execute();
}
