import type { Kysely } from 'kysely';

// Catalogue uploads in the workspace (issue 15): one row per import job. The job's state lives here, not in
// the process that runs it, so any server process answers its progress and the paged table of past imports;
// the uploaded file is kept with the job so "apply the good rows" can run a second pass from any process.
// A running job writes `heartbeat_at` every few seconds; a job whose heartbeat stopped (its process died) is
// reported failed by whoever reads it next. The counts are columns (the table lists them without reading the
// report); the report's rows (every refused row: row, column, reason) are JSON text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    /** queued | running | done | refused | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    /** checking | writing, while running */
    .addColumn('phase', 'text')
    /** products | prices | inventory | categories: as given, else as told from the file once read */
    .addColumn('kind', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_bytes', 'integer', (c) => c.notNull())
    .addColumn('file_text', 'text', (c) => c.notNull())
    .addColumn('apply_good_rows', 'integer', (c) => c.notNull().defaultTo(0))
    /** The refused job whose good rows this one applies. */
    .addColumn('source_job_id', 'text')
    /** On a refused job: the job applying its good rows (set once, by a conditional update). */
    .addColumn('applied_by_job_id', 'text')
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer')
    .addColumn('bytes_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows', 'integer')
    .addColumn('created', 'integer')
    .addColumn('updated', 'integer')
    .addColumn('unchanged', 'integer')
    .addColumn('refused', 'integer')
    .addColumn('problems_json', 'text')
    .addColumn('error', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('user_role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('heartbeat_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('import_job_store_idx').on('import_job').columns(['webstore_id', 'created_at']).execute();
  await db.schema.createIndex('import_job_status_idx').on('import_job').columns(['status', 'created_at']).execute();
}
