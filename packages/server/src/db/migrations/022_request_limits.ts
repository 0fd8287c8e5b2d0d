import type { Kysely } from 'kysely';

// Requests counted per key over a fixed window (issue 17: "forgot password" is limited per email address and per
// client address). Kept in the database, like the failed-login counts, so every server process counts the same
// requests. A separate table from login_attempt: those count failures and drive a delay; these count every request.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_limit')
    /** What is counted and for whom, e.g. `password-reset-email:ada@example.com`. */
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
}
