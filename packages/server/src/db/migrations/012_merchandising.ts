import type { Kysely } from 'kysely';

// Promotions, customers and settings in the workspace (issue 15). A coupon may be limited to a number of
// orders: `times_used` counts the placed orders that took something off with the code, raised in the
// order's own transaction by a conditional update (`times_used < max_uses`), so two shoppers racing for the
// last use cannot both have it, on SQLite or PostgreSQL. A buyer's password reset is a one-time link, as a
// registration's confirmation is: only the token's SHA-256 is stored, and following the link deletes the row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupon').addColumn('max_uses', 'integer').execute();
  await db.schema
    .alterTable('coupon')
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('password_reset')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_user_idx').on('password_reset').columns(['user_id']).execute();
}
