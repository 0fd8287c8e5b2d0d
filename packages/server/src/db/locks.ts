// Row locks where the database has them. PostgreSQL runs transactions side by side, so a transaction
// that reads stock and then writes it must lock the rows it read (FOR UPDATE). SQLite runs one writing
// transaction at a time (and our process holds one connection), so it needs no row locks.
import { PostgresAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The query with FOR UPDATE on PostgreSQL, unchanged on SQLite. */
export function forUpdate<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  q: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? q.forUpdate() : q;
}
