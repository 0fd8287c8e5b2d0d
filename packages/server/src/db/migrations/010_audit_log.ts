import type { Kysely } from 'kysely';

// The workspace's audit log (issue 15): one row per change a seller makes, written in the same transaction as
// the change, so a change without its row (or a row without its change) cannot be committed. Who is the user
// id and their email and role at the time (a renamed or removed user keeps their history readable); before and
// after are the record's JSON as the workspace API answers it (null before a creation). Ids come from a
// counter, so they order the log even when two changes share a millisecond.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('user_role', 'text', (c) => c.notNull())
    /** What was done: 'create' | 'update' | 'delete' | a named action such as 'replacePrices'. */
    .addColumn('action', 'text', (c) => c.notNull())
    /** The kind of record: 'Product', 'ProductPrices', … */
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    /** A human label of the record when it was changed (a product's SKU and name). */
    .addColumn('record_label', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_store_idx').on('audit_log').columns(['webstore_id', 'id']).execute();
  await db.schema.createIndex('audit_log_record_idx').on('audit_log').columns(['record_id']).execute();
}
