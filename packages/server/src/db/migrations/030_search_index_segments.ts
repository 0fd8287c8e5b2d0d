import type { Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// The search index's main segment, persisted per store and catalogue version (issue 20), so a new process loads
// it instead of rebuilding it from the catalogue, and reads only the products changed since (the delta). The bytes
// live in the database in chunks (like dataset files), so processes on several machines share it without a shared
// disk. Whoever builds a fresh main segment writes it ('writing', then 'ready') and removes the older ones.
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('search_index_segment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    /** The store's catalogue version the segment's products were read at. */
    .addColumn('catalog_version', 'integer', (c) => c.notNull())
    /** The byte format's version (search/segment-format.ts): another format is never read, it is rebuilt. */
    .addColumn('format', 'integer', (c) => c.notNull())
    /** writing | ready */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    .addColumn('documents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_index_segment_store')
    .on('search_index_segment')
    .columns(['webstore_id', 'catalog_version'])
    .execute();
  await db.schema
    .createTable('search_index_chunk')
    .addColumn('segment_id', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('search_index_chunk_pk', ['segment_id', 'n'])
    .execute();
}
