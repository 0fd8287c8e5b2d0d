import type { Kysely } from 'kysely';

// Search: which catalogue version last changed each product (the search index reads only what changed
// since it was built, so a change is searchable at once in every process), and the synonym groups the
// seller configures (applied when a query is read, so a change needs no re-indexing).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('product')
    .addColumn('changed_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // On changed_version alone: with webstore_id first, SQLite (no statistics) chose it for every
  // "webstore_id = ? and id in (…)" lookup and scanned the whole store.
  await db.schema.createIndex('product_changed_version_idx').on('product').columns(['changed_version']).execute();
  await db.schema
    .createTable('search_synonym_group')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** JSON array of words or phrases that mean the same, e.g. ["usa", "united states", "us"]. */
    .addColumn('terms_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_synonym_group_store_idx')
    .on('search_synonym_group')
    .columns(['webstore_id', 'position'])
    .execute();
}
