// An account's wishlists (spec 02 §3, §4, §7; commerce-api §9). A list belongs to the effective account in
// a store (the scope, decided by the buyer context, never by the browser): every buyer acting for the
// account reads and changes it, and for anybody else it is as absent as an unknown id (404). `modified_at`
// moves on rename and on every item added or removed; summaries are newest-modified first.
import type { Kysely } from 'kysely';
import {
  KEY_PREFIXES,
  MAX_WISHLIST_ITEMS,
  MAX_WISHLISTS_PER_ACCOUNT,
  wishlistNameProblem,
  type Wishlist,
  type WishlistInput,
  type WishlistItem,
  type WishlistItemCollection,
  type WishlistItemSort,
  type WishlistsSummary,
  type WishlistSummary,
} from '@store/core';
import type { Database, WishlistItemTable, WishlistTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError, rejectProblem } from '../../domain/errors.ts';
import { checkedId, randomRecordId } from '../../domain/record-ids.ts';
import type { CatalogueContext } from '../buyer-context.ts';
import { maxLimitExceeded } from '../carts/cart-lines.ts';
import type { Services } from '../index.ts';
import { productUnavailable } from '../products.ts';
import type { Webstore } from '../webstores.ts';
import { wishlistItemViews } from './wishlist-item-views.ts';

/** Whose lists a call works on: the checked effective account of a logged-in buyer, in one store. */
export interface WishlistScope {
  store: Webstore;
  ctx: CatalogueContext;
  accountId: string;
}

/** One page of a list's items. `page` is the 0-based page a page token names. */
export interface ItemPageQuery {
  pageSize: number;
  page: number;
  sort: WishlistItemSort;
  productFields?: string[];
  /** The URL of a page of a list's items (currentPageUrl, nextPageUrl…), built by the route. */
  pageUrl(wishlistId: string, page: number): string;
}

export const wishlistNotFound = (id: string) =>
  new ApiError(404, 'ITEM_NOT_FOUND', `The wishlist ${id} doesn't exist or isn't yours.`);
const itemNotFound = (id: string) =>
  new ApiError(404, 'ITEM_NOT_FOUND', `The wishlist item ${id} doesn't exist or isn't yours.`);

/** A list's columns, selected and grouped by when its items are counted. */
const LIST_COLUMNS = [
  'wishlist.id',
  'wishlist.webstore_id',
  'wishlist.account_id',
  'wishlist.name',
  'wishlist.created_by_user_id',
  'wishlist.created_at',
  'wishlist.modified_at',
] as const;

const summaryView = (row: WishlistTable, count: number): WishlistSummary => ({
  id: row.id,
  name: row.name,
  createdDate: row.created_at,
  modifiedDate: row.modified_at,
  wishlistProductCount: count,
});

export class WishlistService {
  constructor(private s: Services) {}

  private get db(): Kysely<Database> {
    return this.s.db;
  }

  /** The scope's list with this id, or 404 as for an unknown id (another account's list included). */
  async owned(scope: WishlistScope, wishlistId: string): Promise<WishlistTable> {
    const id = checkedId(wishlistId, KEY_PREFIXES.wishlist);
    const row = await this.db
      .selectFrom('wishlist')
      .selectAll()
      .where('id', '=', id)
      .where('webstore_id', '=', scope.store.id)
      .where('account_id', '=', scope.accountId)
      .executeTakeFirst();
    if (!row) throw wishlistNotFound(wishlistId);
    return row;
  }

  /** Every list of the account with its product count, newest-modified first (one query). */
  async summaries(scope: WishlistScope, onlyId?: string): Promise<WishlistSummary[]> {
    let query = this.db
      .selectFrom('wishlist')
      .leftJoin('wishlist_item', 'wishlist_item.wishlist_id', 'wishlist.id')
      .select(LIST_COLUMNS)
      .select((eb) => eb.fn.count<string | number>('wishlist_item.id').as('count'))
      .where('wishlist.webstore_id', '=', scope.store.id)
      .where('wishlist.account_id', '=', scope.accountId);
    if (onlyId) query = query.where('wishlist.id', '=', onlyId);
    const rows = await query
      .groupBy(LIST_COLUMNS)
      .orderBy('wishlist.modified_at', 'desc')
      .orderBy('wishlist.created_at', 'desc')
      .orderBy('wishlist.id', 'desc')
      .execute();
    return rows.map(({ count, ...row }) => summaryView(row, Number(count)));
  }

  private async summaryOf(scope: WishlistScope, id: string): Promise<WishlistSummary> {
    const [summary] = await this.summaries(scope, id);
    if (!summary) throw wishlistNotFound(id);
    return summary;
  }

  /** GET wishlists: the summaries, and one list with its first page when asked (the named one, else the newest). */
  async list(
    scope: WishlistScope,
    q: ItemPageQuery & { includeDisplayedList: boolean; includeProductIds?: boolean; wishlistId?: string },
  ): Promise<WishlistsSummary> {
    const named = q.wishlistId ? await this.owned(scope, q.wishlistId) : null;
    const summaries = await this.summaries(scope);
    // The summaries just read already hold the shown list's summary (a copy: product ids go on the summaries only).
    const shown = summaries.find((l) => l.id === (named?.id ?? summaries[0]?.id));
    const displayedList =
      q.includeDisplayedList && shown
        ? { summary: { ...shown }, page: await this.page(scope, shown.id, { ...q, page: 0 }) }
        : null;
    if (q.includeProductIds) await this.attachProductIds(scope, summaries);
    return { displayedList, summaries, wishlistCount: summaries.length };
  }

  /** Each list's product ids, newest first, in one query over the account's items (includeProductIds). */
  private async attachProductIds(scope: WishlistScope, summaries: WishlistSummary[]): Promise<void> {
    const rows = await this.db
      .selectFrom('wishlist_item')
      .innerJoin('wishlist', 'wishlist.id', 'wishlist_item.wishlist_id')
      .select(['wishlist_item.wishlist_id', 'wishlist_item.product_id'])
      .where('wishlist.webstore_id', '=', scope.store.id)
      .where('wishlist.account_id', '=', scope.accountId)
      .orderBy('wishlist_item.created_at', 'desc')
      .orderBy('wishlist_item.id', 'desc')
      .execute();
    const byList = new Map<string, string[]>();
    for (const summary of summaries) {
      summary.productIds = [];
      byList.set(summary.id, summary.productIds);
    }
    for (const r of rows) byList.get(r.wishlist_id)?.push(r.product_id);
  }

  /** GET wishlists/{id}. */
  async get(scope: WishlistScope, wishlistId: string, q: ItemPageQuery): Promise<Wishlist> {
    const list = await this.owned(scope, wishlistId);
    const [summary, page] = await Promise.all([this.summaryOf(scope, list.id), this.page(scope, list.id, q)]);
    return { summary, page };
  }

  /** GET wishlists/{id}/wishlist-items. */
  async items(scope: WishlistScope, wishlistId: string, q: ItemPageQuery): Promise<WishlistItemCollection> {
    return this.page(scope, (await this.owned(scope, wishlistId)).id, q);
  }

  private async page(scope: WishlistScope, listId: string, q: ItemPageQuery): Promise<WishlistItemCollection> {
    const direction = q.sort === 'CreatedDateAsc' ? 'asc' : 'desc';
    const rows = await this.db
      .selectFrom('wishlist_item')
      .selectAll()
      .where('wishlist_id', '=', listId)
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(q.pageSize + 1)
      .offset(q.page * q.pageSize)
      .execute();
    const items = await wishlistItemViews(
      this.s,
      scope.ctx,
      scope.store.id,
      rows.slice(0, q.pageSize),
      q.productFields,
    );
    const hasNext = rows.length > q.pageSize;
    const token = (page: number) => String(page);
    return {
      currencyIsoCode: scope.ctx.currency,
      items,
      hasErrors: items.some((i) => i.error !== null),
      currentPageToken: token(q.page),
      currentPageUrl: q.pageUrl(listId, q.page),
      nextPageToken: hasNext ? token(q.page + 1) : null,
      nextPageUrl: hasNext ? q.pageUrl(listId, q.page + 1) : null,
      previousPageToken: q.page > 0 ? token(q.page - 1) : null,
      previousPageUrl: q.page > 0 ? q.pageUrl(listId, q.page - 1) : null,
    };
  }

  /** The products of an input, each one the account may see (unknown, Draft or not entitled: 404 alike). */
  private async visibleProducts(scope: WishlistScope, productIds: string[]) {
    const ids = [...new Set(productIds.map((id) => this.s.products.visibleProductId(scope.ctx, id)))];
    const rows = new Map((await this.s.products.rowsByIds(scope.store.id, ids)).map((r) => [r.id, r]));
    return productIds.map((asked) => {
      const row = rows.get(this.s.products.visibleProductId(scope.ctx, asked));
      if (!row) throw productUnavailable(asked);
      return row;
    });
  }

  /** POST wishlists: a named list (the name is required; the storefront names a first list "My List"). */
  async create(scope: WishlistScope, input: Partial<WishlistInput>, q: ItemPageQuery): Promise<Wishlist> {
    rejectProblem(wishlistNameProblem(input.name));
    const asked = input.products ?? [];
    const products = [
      ...new Map(
        (
          await this.visibleProducts(
            scope,
            asked.map((p) => p.productId),
          )
        ).map((r) => [r.id, r]),
      ).values(),
    ];
    if (products.length > MAX_WISHLIST_ITEMS)
      throw maxLimitExceeded(`A list holds at most ${MAX_WISHLIST_ITEMS} products.`);
    const now = Date.now();
    const list: WishlistTable = {
      id: randomRecordId(KEY_PREFIXES.wishlist),
      webstore_id: scope.store.id,
      account_id: scope.accountId,
      name: input.name!.trim(),
      created_by_user_id: scope.ctx.userId,
      created_at: new Date(now).toISOString(),
      modified_at: new Date(now).toISOString(),
    };
    await this.db.transaction().execute(async (trx) => {
      const count = await trx
        .selectFrom('wishlist')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('webstore_id', '=', scope.store.id)
        .where('account_id', '=', scope.accountId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= MAX_WISHLISTS_PER_ACCOUNT)
        throw maxLimitExceeded(
          `An account keeps at most ${MAX_WISHLISTS_PER_ACCOUNT} lists. Delete one to make "${list.name}".`,
        );
      await trx.insertInto('wishlist').values(list).execute();
      // The products in the order given, each a millisecond apart, so "oldest first" is the body's order.
      if (products.length)
        await trx
          .insertInto('wishlist_item')
          .values(
            products.map((p, i) => ({
              id: randomRecordId(KEY_PREFIXES.wishlistItem),
              wishlist_id: list.id,
              product_id: p.id,
              product_name: p.name,
              created_at: new Date(now - products.length + 1 + i).toISOString(),
            })),
          )
          .execute();
    });
    return this.get(scope, list.id, { ...q, page: 0 });
  }

  /** PATCH wishlists/{id}: a new name. */
  async rename(scope: WishlistScope, wishlistId: string, name: unknown): Promise<WishlistSummary> {
    const list = await this.owned(scope, wishlistId);
    rejectProblem(wishlistNameProblem(name));
    await this.db
      .updateTable('wishlist')
      .set({ name: (name as string).trim(), modified_at: new Date().toISOString() })
      .where('id', '=', list.id)
      .execute();
    return this.summaryOf(scope, list.id);
  }

  /** DELETE wishlists/{id}: the list and its items. */
  async remove(scope: WishlistScope, wishlistId: string): Promise<void> {
    const list = await this.owned(scope, wishlistId);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('wishlist_item').where('wishlist_id', '=', list.id).execute();
      await trx.deleteFrom('wishlist').where('id', '=', list.id).execute();
    });
  }

  /**
   * POST wishlists/{id}/wishlist-items: the product, once. A product already on the list answers its item
   * (created false) and changes nothing.
   */
  async addItem(
    scope: WishlistScope,
    wishlistId: string,
    productId: string,
  ): Promise<{ item: WishlistItem; created: boolean }> {
    const list = await this.owned(scope, wishlistId);
    const [product] = await this.visibleProducts(scope, [productId]);
    const existing = () =>
      this.db
        .selectFrom('wishlist_item')
        .selectAll()
        .where('wishlist_id', '=', list.id)
        .where('product_id', '=', product!.id)
        .executeTakeFirst();
    const found = await existing();
    if (found) return { item: await this.itemView(scope, found), created: false };
    const now = new Date().toISOString();
    const row: WishlistItemTable = {
      id: randomRecordId(KEY_PREFIXES.wishlistItem),
      wishlist_id: list.id,
      product_id: product!.id,
      product_name: product!.name,
      created_at: now,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom('wishlist_item')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('wishlist_id', '=', list.id)
          .executeTakeFirst();
        if (Number(count?.n ?? 0) >= MAX_WISHLIST_ITEMS)
          throw maxLimitExceeded(
            `A list holds at most ${MAX_WISHLIST_ITEMS} products. Remove one from "${list.name}" to add ${product!.name}.`,
          );
        await trx.insertInto('wishlist_item').values(row).execute();
        await trx.updateTable('wishlist').set({ modified_at: now }).where('id', '=', list.id).execute();
      });
    } catch (err) {
      // Another request put the product on the list first (the pair is unique): that item is the answer.
      const other = isUniqueViolation(err) ? await existing() : undefined;
      if (other) return { item: await this.itemView(scope, other), created: false };
      throw err;
    }
    return { item: await this.itemView(scope, row), created: true };
  }

  private async itemView(scope: WishlistScope, row: WishlistItemTable): Promise<WishlistItem> {
    return (await wishlistItemViews(this.s, scope.ctx, scope.store.id, [row]))[0]!;
  }

  /** DELETE wishlists/{id}/wishlist-items/{itemId}, and the short form without the list (spec 02 §7). */
  async removeItem(scope: WishlistScope, wishlistItemId: string, wishlistId?: string): Promise<void> {
    const list = wishlistId ? await this.owned(scope, wishlistId) : null;
    const id = checkedId(wishlistItemId, KEY_PREFIXES.wishlistItem);
    let query = this.db
      .selectFrom('wishlist_item')
      .innerJoin('wishlist', 'wishlist.id', 'wishlist_item.wishlist_id')
      .select(['wishlist_item.id', 'wishlist_item.wishlist_id'])
      .where('wishlist_item.id', '=', id)
      .where('wishlist.webstore_id', '=', scope.store.id)
      .where('wishlist.account_id', '=', scope.accountId);
    if (list) query = query.where('wishlist.id', '=', list.id);
    const item = await query.executeTakeFirst();
    if (!item) throw itemNotFound(wishlistItemId);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('wishlist_item').where('id', '=', item.id).execute();
      await trx
        .updateTable('wishlist')
        .set({ modified_at: new Date().toISOString() })
        .where('id', '=', item.wishlist_id)
        .execute();
    });
  }

  /** Every item of a list, oldest first (add-wishlist-to-cart). */
  async allItems(list: WishlistTable): Promise<WishlistItemTable[]> {
    return this.db
      .selectFrom('wishlist_item')
      .selectAll()
      .where('wishlist_id', '=', list.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
