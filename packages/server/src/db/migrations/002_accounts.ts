import type { Kysely } from 'kysely';

// Accounts and access: which accounts a user may act for, which products a buyer group may see
// (entitlement policies granting category subtrees), session lookups, and the login rate limiter.
export async function up(db: Kysely<any>): Promise<void> {
  // The buyer group a self-registered shopper's personal account joins.
  await db.schema.alterTable('webstore').addColumn('shopper_buyer_group_id', 'text').execute();

  await db.schema
    .createTable('user_managed_account')
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addPrimaryKeyConstraint('user_managed_account_pk', ['user_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('entitlement_policy')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webstore_id', 'text', (c) => c.notNull().references('webstore.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('entitlement_policy_buyer_group')
    .addColumn('policy_id', 'text', (c) => c.notNull().references('entitlement_policy.id'))
    .addColumn('buyer_group_id', 'text', (c) => c.notNull().references('buyer_group.id'))
    .addPrimaryKeyConstraint('entitlement_policy_buyer_group_pk', ['policy_id', 'buyer_group_id'])
    .execute();
  await db.schema
    .createTable('entitlement_policy_category')
    .addColumn('policy_id', 'text', (c) => c.notNull().references('entitlement_policy.id'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('category.id'))
    .addPrimaryKeyConstraint('entitlement_policy_category_pk', ['policy_id', 'category_id'])
    .execute();

  await db.schema.createIndex('session_user_idx').on('session').columns(['user_id']).execute();
  await db.schema.createIndex('session_expires_idx').on('session').columns(['expires_at']).execute();
  await db.schema.createIndex('app_user_account_idx').on('app_user').columns(['account_id']).execute();

  await db.schema
    .createTable('login_attempt')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
}
