import type { Kysely } from 'kysely';

// Agent access tokens (issue 18 item 5): a logged-in buyer makes a token for an AI assistant, which then shops
// through the store's MCP server as that buyer (the same accounts, entitlements and prices, never more). Only
// the token's SHA-256 is kept: the token itself is shown once, when it is made. A revoked or expired token is
// refused; rows stay so the owner sees what was revoked and when.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agent_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** Hex SHA-256 of the token: a stolen database does not hand out working tokens. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('agent_token_user').on('agent_token').columns(['webstore_id', 'user_id']).execute();
}
