import type { Kysely } from 'kysely';

// Account and payment safety (issue 13): the login limiter's per-account progressive delay needs the time
// of an account's latest failure; the test payment gateway remembers the authorisations it issued (servers
// are stateless, so PostAuth can accept only references in this table); and a registration waits for its
// email to be confirmed, so the answer to "register" is the same whether the address has an account or not.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_attempt').addColumn('last_failure_at', 'text').execute();

  await db.schema
    .createTable('test_gateway_authorization')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    /** 'Authorized' (may be claimed once by PostAuth) | 'Claimed' (a payment holds it) | 'Voided'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('registration_request')
    /** SHA-256 of the token mailed in the confirmation link (the token itself is never stored). */
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registration_request_email_idx').on('registration_request').columns(['email']).execute();
}
