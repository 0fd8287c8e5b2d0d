import type { Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// The seller's dataset files (issue 19). A dataset's records are the CSV its seller uploads: it is what downloads
// deliver, what the sample is cut from and what the list builder counts. Each upload is a new version of the
// product's file; the newest ready version is the live one, and an order line keeps the version it was priced on.
// The bytes live in the database, in chunks of about 1 MiB (`dataset_file_chunk`), so every server process (and
// every machine on one PostgreSQL) reads the same file and no process needs a shared disk. Derived data built when
// a file is processed (the count index, kind 'index') is stored in the same chunk table under its own kind.
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('dataset_file')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    /** 1, 2, … per product. */
    .addColumn('version', 'integer', (c) => c.notNull())
    /** processing | ready | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull().defaultTo(0))
    /** Hex SHA-256 of the bytes as uploaded. */
    .addColumn('sha256', 'text')
    .addColumn('row_count', 'integer')
    /** While processing: records read so far (the upload's progress). */
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    /** The header, JSON array of strings. */
    .addColumn('columns_json', 'text', (c) => c.notNull().defaultTo('[]'))
    /** The data dictionary (DatasetDictionaryField[]), JSON, written when processed. */
    .addColumn('dictionary_json', 'text')
    .addColumn('error', 'text')
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    /** Written every few seconds while processing; a stale one means the process died (reported failed). */
    .addColumn('heartbeat_at', 'text')
    .addColumn('ready_at', 'text')
    .execute();
  await db.schema
    .createIndex('dataset_file_product_version')
    .on('dataset_file')
    .columns(['product_id', 'version'])
    .unique()
    .execute();
  await db.schema
    .createTable('dataset_file_chunk')
    .addColumn('file_id', 'text', (c) => c.notNull())
    /** 'csv' (the file as uploaded) or 'index' (the count index). */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('dataset_file_chunk_pk', ['file_id', 'kind', 'n'])
    .execute();

  // The seller's per-record pricing of a dataset (core/list-pricing.ts); without a row, the default from its price.
  await db.schema
    .createTable('dataset_list_pricing')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('per_1000', 'text', (c) => c.notNull())
    .addColumn('minimum', 'text', (c) => c.notNull())
    /** ListPriceTier[] as JSON. */
    .addColumn('tiers_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The evaluation kit's licence and freshness facts, as the seller states them.
  await db.schema.alterTable('product').addColumn('licence_kind', 'text').execute();
  await db.schema.alterTable('product').addColumn('licence_term_months', 'integer').execute();
  await db.schema.alterTable('product').addColumn('update_cadence', 'text').execute();

  // A line that buys a selection of a dataset's records (null: the whole dataset, as before).
  for (const table of ['cart_item', 'order_item']) {
    await db.schema.alterTable(table).addColumn('list_selection', 'text').execute();
    await db.schema.alterTable(table).addColumn('list_records', 'integer').execute();
    await db.schema.alterTable(table).addColumn('list_file_version', 'integer').execute();
  }
}
