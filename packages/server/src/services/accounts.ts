// Users, their accounts and the accounts they may act for. A user's own account is always one of
// them; buyers may also manage others (user_managed_account). Every check of "may this user act for
// that account" goes through `managedAccount`, so no route trusts an account id sent by the browser.
import type { Kysely } from 'kysely';
import type { AccountAddress } from '@store/core';
import type { Database, UserTable } from '../db/schema.ts';
import { allocateIds } from '../db/ids.ts';
import { KEY_PREFIX } from '../domain/record-ids.ts';

export interface ManagedAccount {
  id: string;
  name: string;
  isMyAccount: boolean;
  address: AccountAddress | null;
}

export type UserRow = UserTable;

export { ADMIN_USER_ID } from '@store/core';
export type Role = 'shopper' | 'buyer' | 'admin' | 'catalogue_manager';

function addressOf(json: string | null): AccountAddress | null {
  if (!json) return null;
  const a = JSON.parse(json) as Partial<AccountAddress>;
  return {
    street: a.street ?? null,
    city: a.city ?? null,
    state: a.state ?? null,
    zip: a.zip ?? null,
    country: a.country ?? null,
  };
}

export class AccountService {
  constructor(private db: Kysely<Database>) {}

  userById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  userByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('app_user')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** The user's own account first, then the others they manage, by name. */
  async managedAccounts(user: UserRow): Promise<ManagedAccount[]> {
    const rows = await this.db
      .selectFrom('account')
      .select(['id', 'name', 'billing_json'])
      .where((eb) =>
        eb.or([
          eb('id', '=', user.account_id ?? ''),
          eb('id', 'in', eb.selectFrom('user_managed_account').select('account_id').where('user_id', '=', user.id)),
        ]),
      )
      .orderBy('name')
      .execute();
    return rows
      .map((r) => ({
        id: r.id,
        name: r.name,
        isMyAccount: r.id === user.account_id,
        address: addressOf(r.billing_json),
      }))
      .sort((a, b) => Number(b.isMyAccount) - Number(a.isMyAccount));
  }

  /** The account when the user may act for it, else null (unknown and unmanaged look the same). */
  async managedAccount(user: UserRow, accountId: string): Promise<ManagedAccount | null> {
    if (accountId !== user.account_id) {
      const link = await this.db
        .selectFrom('user_managed_account')
        .select('account_id')
        .where('user_id', '=', user.id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!link) return null;
    }
    const row = await this.db
      .selectFrom('account')
      .select(['id', 'name', 'billing_json'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row
      ? { id: row.id, name: row.name, isMyAccount: row.id === user.account_id, address: addressOf(row.billing_json) }
      : null;
  }

  async buyerGroups(accountId: string): Promise<Array<{ id: string; name: string }>> {
    return this.db
      .selectFrom('account_buyer_group')
      .innerJoin('buyer_group', 'buyer_group.id', 'account_buyer_group.buyer_group_id')
      .select(['buyer_group.id', 'buyer_group.name'])
      .where('account_buyer_group.account_id', '=', accountId)
      .orderBy('buyer_group.name')
      .execute();
  }

  /** A self-registered shopper: a personal account in the store's shopper buyer group, and the user. */
  async registerShopper(input: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    shopperBuyerGroupId: string | null;
  }): Promise<UserRow> {
    const [accountId] = await allocateIds(this.db, KEY_PREFIX.account);
    const [userId] = await allocateIds(this.db, KEY_PREFIX.user);
    const now = new Date().toISOString();
    const user: UserRow = {
      id: userId!,
      email: input.email.trim().toLowerCase(),
      first_name: input.firstName,
      last_name: input.lastName,
      password_hash: input.passwordHash,
      account_id: accountId!,
      role: 'shopper',
      created_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('account')
        .values({
          id: accountId!,
          name: `${input.firstName} ${input.lastName}`,
          parent_id: null,
          billing_json: null,
          created_at: now,
        })
        .execute();
      if (input.shopperBuyerGroupId)
        await trx
          .insertInto('account_buyer_group')
          .values({ account_id: accountId!, buyer_group_id: input.shopperBuyerGroupId })
          .execute();
      await trx.insertInto('app_user').values(user).execute();
    });
    return user;
  }

  async setPasswordHash(userId: string, hash: string): Promise<void> {
    await this.db.updateTable('app_user').set({ password_hash: hash }).where('id', '=', userId).execute();
  }

  async updateProfile(userId: string, change: { first_name?: string; last_name?: string }): Promise<UserRow> {
    if (Object.keys(change).length)
      await this.db.updateTable('app_user').set(change).where('id', '=', userId).execute();
    return (await this.userById(userId))!;
  }
}
