// Customers in the workspace (issue 15): accounts and their buyer groups, buyers (the users of an account) and
// the other accounts they may act for, buyer groups and their member accounts, and a buyer's password reset.
// Each change commits with its audit entry. Nothing here is cached: the buyer context re-reads a user's
// accounts and an account's buyer groups on every request (services/buyer-context.ts), so a change applies
// to the buyer's next call, in every process, even while they are logged in.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import {
  KEY_PREFIXES,
  type AdminAccount,
  type AdminAccountDetail,
  type AdminBuyer,
  type AdminBuyerDetail,
  type AdminBuyerGroup,
  type AdminBuyerGroupDetail,
  type NamedRef,
  type PasswordResetSent,
  type TablePage,
} from '@store/core';
import type { Database } from '../../db/schema.ts';
import { notFound, rejectProblem } from '../../domain/errors.ts';
import { checkedId, randomRecordId } from '../../domain/record-ids.ts';
import type { PasswordResets } from '../password-reset.ts';
import { firstUnknownId } from './known-ids.ts';
import type { RecordedChanges } from './recorded-change.ts';
import { containsPattern, pageWindow, tablePage, tableSort, type TableRequest } from './table-query.ts';
import type { Actor } from './workspace-access.ts';

export interface SearchFilter extends TableRequest {
  q?: string;
}

const ACCOUNT_SORTS = { name: 'account.name', createdAt: 'account.created_at' };
const BUYER_SORTS = { email: 'app_user.email', lastName: 'app_user.last_name', createdAt: 'app_user.created_at' };

const noAccount = (id: string) => notFound(`The account ${id} doesn't exist.`);
const noBuyer = (id: string) => notFound(`The buyer ${id} doesn't exist.`);
const noGroup = (id: string) => notFound(`The buyer group ${id} doesn't exist.`);
const like = (q: string) => sql<string>`${containsPattern(q.trim())}`;

export class CustomerAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: RecordedChanges,
    private resets: PasswordResets,
  ) {}

  // --- Accounts --------------------------------------------------------------------------------------------

  async accounts(webstoreId: string, f: SearchFilter): Promise<TablePage<AdminAccount>> {
    const sort = tableSort(f.sort, ACCOUNT_SORTS, 'name');
    const { limit, offset } = pageWindow(f);
    const filtered = this.db
      .selectFrom('account')
      .$if(!!f.q?.trim(), (q) => q.where(sql`lower(account.name)`, 'like', sql`${like(f.q!)} escape '\\'`));
    const [rows, count] = await Promise.all([
      filtered
        .selectAll('account')
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy('account.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const groups = await this.groupsOfAccounts(
      this.db,
      webstoreId,
      rows.map((r) => r.id),
    );
    const items = rows.map((r) => ({
      id: r.id,
      name: r.name,
      parentId: r.parent_id,
      createdAt: r.created_at,
      buyerGroups: groups.get(r.id) ?? [],
    }));
    return tablePage(items, Number(count.n), f, sort);
  }

  /** An account with its buyer groups, its buyers and the users who may also act for it. */
  async account(webstoreId: string, accountId: string, db: Kysely<Database> = this.db): Promise<AdminAccountDetail> {
    const id = checkedId(accountId, KEY_PREFIXES.account);
    const row = await db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw noAccount(accountId);
    const [groups, buyers, managers] = await Promise.all([
      this.groupsOfAccounts(db, webstoreId, [id]),
      this.buyerRows(db).where('app_user.account_id', '=', id).orderBy('app_user.email').execute(),
      this.buyerRows(db)
        .innerJoin('user_managed_account', 'user_managed_account.user_id', 'app_user.id')
        .where('user_managed_account.account_id', '=', id)
        .orderBy('app_user.email')
        .execute(),
    ]);
    return {
      id: row.id,
      name: row.name,
      parentId: row.parent_id,
      createdAt: row.created_at,
      buyerGroups: groups.get(id) ?? [],
      buyers: buyers.map(buyerView),
      managedBy: managers.map(buyerView),
    };
  }

  /** Renames the account and/or sets its buyer groups (the store's) to exactly those given. */
  async updateAccount(
    webstoreId: string,
    actor: Actor,
    accountId: string,
    patch: { name?: string; buyerGroupIds?: string[] },
  ) {
    return this.changes.run(webstoreId, actor, async (trx) => {
      const before = await this.account(webstoreId, accountId, trx);
      if (patch.name !== undefined)
        await trx.updateTable('account').set({ name: patch.name.trim() }).where('id', '=', before.id).execute();
      if (patch.buyerGroupIds) {
        const ids = await this.storeGroupIds(trx, webstoreId, patch.buyerGroupIds);
        // Only this store's memberships are replaced; an account may belong to other stores' groups too.
        const mine = trx.selectFrom('buyer_group').select('id').where('webstore_id', '=', webstoreId);
        await trx
          .deleteFrom('account_buyer_group')
          .where('account_id', '=', before.id)
          .where('buyer_group_id', 'in', mine)
          .execute();
        if (ids.length)
          await trx
            .insertInto('account_buyer_group')
            .values(ids.map((g) => ({ account_id: before.id, buyer_group_id: g })))
            .execute();
      }
      const after = await this.account(webstoreId, before.id, trx);
      return {
        result: after,
        change: { action: 'update', recordType: 'Account', recordId: after.id, recordLabel: after.name, before, after },
      };
    });
  }

  // --- Buyers ----------------------------------------------------------------------------------------------

  async buyers(f: SearchFilter): Promise<TablePage<AdminBuyer>> {
    const sort = tableSort(f.sort, BUYER_SORTS, 'email');
    const { limit, offset } = pageWindow(f);
    const text = f.q?.trim();
    const filtered = this.buyerRows(this.db).$if(!!text, (q) =>
      q.where((eb) =>
        eb.or(
          (['app_user.email', 'app_user.first_name', 'app_user.last_name'] as const).map((c) =>
            eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like(text!)} escape '\\'`),
          ),
        ),
      ),
    );
    const [rows, count] = await Promise.all([
      filtered
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy('app_user.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return tablePage(rows.map(buyerView), Number(count.n), f, sort);
  }

  /** A buyer with the accounts they may act for besides their own. */
  async buyer(userId: string, db: Kysely<Database> = this.db): Promise<AdminBuyerDetail> {
    const id = userId === '1' ? userId : checkedId(userId, KEY_PREFIXES.user);
    const row = await this.buyerRows(db).where('app_user.id', '=', id).executeTakeFirst();
    if (!row) throw noBuyer(userId);
    const managed = await db
      .selectFrom('user_managed_account')
      .innerJoin('account', 'account.id', 'user_managed_account.account_id')
      .select(['account.id', 'account.name'])
      .where('user_managed_account.user_id', '=', id)
      .orderBy('account.name')
      .execute();
    return { ...buyerView(row), managedAccounts: managed };
  }

  /** Sets the accounts a buyer may act for besides their own to exactly those given (their own is implied). */
  async setManagedAccounts(webstoreId: string, actor: Actor, userId: string, accountIds: string[]) {
    return this.changes.run(webstoreId, actor, async (trx) => {
      const before = await this.buyer(userId, trx);
      const ids = [...new Set(accountIds.map((a) => checkedId(a, KEY_PREFIXES.account)))].filter(
        (a) => a !== before.accountId,
      );
      const gone = await firstUnknownId(trx, 'account', ids);
      if (gone) rejectProblem(`The account ${gone} doesn't exist.`);
      await trx.deleteFrom('user_managed_account').where('user_id', '=', before.id).execute();
      if (ids.length)
        await trx
          .insertInto('user_managed_account')
          .values(ids.map((a) => ({ user_id: before.id, account_id: a })))
          .execute();
      const after = await this.buyer(before.id, trx);
      return {
        result: after,
        change: {
          action: 'setManagedAccounts',
          recordType: 'Buyer',
          recordId: after.id,
          recordLabel: after.email,
          before: before.managedAccounts,
          after: after.managedAccounts,
        },
      };
    });
  }

  /** Mails the buyer a one-time link to choose a new password; their current password works until then. */
  async resetPassword(webstoreId: string, actor: Actor, userId: string) {
    return this.changes.run(webstoreId, actor, async (trx) => {
      const buyer = await this.buyer(userId, trx);
      const user = await trx.selectFrom('app_user').selectAll().where('id', '=', buyer.id).executeTakeFirstOrThrow();
      const { expiresAt } = await this.resets.issueIn(trx, user, webstoreId);
      const result: PasswordResetSent = { userId: buyer.id, email: buyer.email, status: 'ResetLinkSent', expiresAt };
      return {
        result,
        change: {
          action: 'passwordReset',
          recordType: 'Buyer',
          recordId: buyer.id,
          recordLabel: buyer.email,
          before: null,
          after: { email: buyer.email, linkExpiresAt: expiresAt },
        },
      };
    });
  }

  // --- Buyer groups ----------------------------------------------------------------------------------------

  async buyerGroups(webstoreId: string): Promise<{ items: AdminBuyerGroup[]; total: number }> {
    const rows = await this.db
      .selectFrom('buyer_group')
      .leftJoin('account_buyer_group', 'account_buyer_group.buyer_group_id', 'buyer_group.id')
      .select((eb) => [
        'buyer_group.id',
        'buyer_group.name',
        eb.fn.count<number>('account_buyer_group.account_id').as('members'),
      ])
      .where('buyer_group.webstore_id', '=', webstoreId)
      .groupBy(['buyer_group.id', 'buyer_group.name'])
      .orderBy('buyer_group.name')
      .execute();
    const items = rows.map((r) => ({ id: r.id, name: r.name, memberCount: Number(r.members) }));
    return { items, total: items.length };
  }

  /** A buyer group with its member accounts. */
  async buyerGroup(
    webstoreId: string,
    groupId: string,
    db: Kysely<Database> = this.db,
  ): Promise<AdminBuyerGroupDetail> {
    const id = checkedId(groupId, KEY_PREFIXES.buyerGroup);
    const row = await db
      .selectFrom('buyer_group')
      .select(['id', 'name'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!row) throw noGroup(groupId);
    const members = await db
      .selectFrom('account_buyer_group')
      .innerJoin('account', 'account.id', 'account_buyer_group.account_id')
      .select(['account.id', 'account.name'])
      .where('account_buyer_group.buyer_group_id', '=', id)
      .orderBy('account.name')
      .execute();
    return { id: row.id, name: row.name, members };
  }

  async createBuyerGroup(webstoreId: string, actor: Actor, name: string) {
    const id = randomRecordId(KEY_PREFIXES.buyerGroup);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await trx.insertInto('buyer_group').values({ id, webstore_id: webstoreId, name: name.trim() }).execute();
      const after = await this.buyerGroup(webstoreId, id, trx);
      return {
        result: after,
        change: {
          action: 'create',
          recordType: 'BuyerGroup',
          recordId: id,
          recordLabel: after.name,
          before: null,
          after,
        },
      };
    });
  }

  /** Renames the group and/or sets its member accounts to exactly those given. */
  async updateBuyerGroup(
    webstoreId: string,
    actor: Actor,
    groupId: string,
    patch: { name?: string; memberAccountIds?: string[] },
  ) {
    return this.changes.run(webstoreId, actor, async (trx) => {
      const before = await this.buyerGroup(webstoreId, groupId, trx);
      if (patch.name !== undefined)
        await trx.updateTable('buyer_group').set({ name: patch.name.trim() }).where('id', '=', before.id).execute();
      if (patch.memberAccountIds) {
        const ids = [...new Set(patch.memberAccountIds.map((a) => checkedId(a, KEY_PREFIXES.account)))];
        const gone = await firstUnknownId(trx, 'account', ids);
        if (gone) rejectProblem(`The account ${gone} doesn't exist.`);
        await trx.deleteFrom('account_buyer_group').where('buyer_group_id', '=', before.id).execute();
        if (ids.length)
          await trx
            .insertInto('account_buyer_group')
            .values(ids.map((a) => ({ account_id: a, buyer_group_id: before.id })))
            .execute();
      }
      const after = await this.buyerGroup(webstoreId, before.id, trx);
      return {
        result: after,
        change: {
          action: 'update',
          recordType: 'BuyerGroup',
          recordId: after.id,
          recordLabel: after.name,
          before,
          after,
        },
      };
    });
  }

  // --- Helpers ---------------------------------------------------------------------------------------------

  private buyerRows(db: Kysely<Database>) {
    return db
      .selectFrom('app_user')
      .leftJoin('account', 'account.id', 'app_user.account_id')
      .select([
        'app_user.id',
        'app_user.email',
        'app_user.first_name',
        'app_user.last_name',
        'app_user.role',
        'app_user.account_id',
        'app_user.created_at',
        'account.name as account_name',
      ]);
  }

  private async groupsOfAccounts(db: Kysely<Database>, webstoreId: string, accountIds: string[]) {
    const out = new Map<string, NamedRef[]>();
    if (!accountIds.length) return out;
    const rows = await db
      .selectFrom('account_buyer_group')
      .innerJoin('buyer_group', 'buyer_group.id', 'account_buyer_group.buyer_group_id')
      .select(['account_buyer_group.account_id', 'buyer_group.id', 'buyer_group.name'])
      .where('account_buyer_group.account_id', 'in', accountIds)
      .where('buyer_group.webstore_id', '=', webstoreId)
      .orderBy('buyer_group.name')
      .execute();
    for (const r of rows) out.set(r.account_id, [...(out.get(r.account_id) ?? []), { id: r.id, name: r.name }]);
    return out;
  }

  /** The store's buyer groups among the ids given, all of which must be (400 naming the first that is not). */
  private async storeGroupIds(trx: Transaction<Database>, webstoreId: string, groupIds: string[]) {
    const ids = [...new Set(groupIds.map((g) => checkedId(g, KEY_PREFIXES.buyerGroup)))];
    const gone = await firstUnknownId(trx, 'buyer_group', ids, webstoreId);
    if (gone) rejectProblem(`The buyer group ${gone} isn't one of this store's.`);
    return ids;
  }
}

function buyerView(r: {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
  account_id: string | null;
  account_name: string | null;
  created_at: string;
}): AdminBuyer {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    accountId: r.account_id,
    accountName: r.account_name,
    createdAt: r.created_at,
  };
}
