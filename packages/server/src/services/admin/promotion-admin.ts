// Promotions and their coupon codes in the workspace (issue 15): every rule the engine knows (core
// promotions.ts), checked by core's promotion-rules before anything is written, each change with its audit
// entry. The storefront reads promotions fresh from the database on every cart, price and evaluation call
// (services/promotions.ts keeps no cache), so a saved change applies to the next shopper call in every process.
//
// Coupons are never deleted, since carts and orders name them: a code dropped from a promotion is switched
// off (is_active 0) and keeps its count, and sending it again switches it back on. A code belongs to one
// promotion for good, so an order's coupon code always names one promotion.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import {
  KEY_PREFIXES,
  minorUnitsToDecimal,
  promotionProblem,
  type AdminCoupon,
  type AdminPromotion,
  type CouponDraft,
  type PromotionDiscount,
  type PromotionCreate,
  type PromotionFields,
  type PromotionStacking,
  type PromotionTarget,
  type PromotionUsage,
  type TablePage,
} from '@store/core';
import type { Selectable } from 'kysely';
import type { CouponTable, Database, PromotionTable } from '../../db/schema.ts';

type CouponRow = Selectable<CouponTable>;
import { ApiError, notFound, rejectProblem } from '../../domain/errors.ts';
import { checkedId, randomRecordId } from '../../domain/record-ids.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { firstUnknownId } from './known-ids.ts';
import type { RecordedChanges } from './recorded-change.ts';
import { containsPattern, pageWindow, tablePage, tableSort, type TableRequest } from './table-query.ts';
import type { Actor } from './workspace-access.ts';

// The shapes live in core (workspace-merchandising.ts), shared with the client and the workspace's pages.
export type { AdminCoupon, AdminPromotion, PromotionCreate, PromotionFields, PromotionUsage } from '@store/core';

/** What a promotion left unsaid is: every line, everyone, no dates, automatic, switched on. */
export const PROMOTION_DEFAULTS: Omit<PromotionFields, 'name' | 'discount'> = {
  termsAndConditions: null,
  priority: 100,
  stacking: 'Stackable',
  target: 'Item',
  startsAt: null,
  endsAt: null,
  productIds: null,
  categoryIds: null,
  buyerGroupIds: null,
  accountIds: null,
  oneTimeOnly: true,
  isActive: true,
  coupons: [],
};

export interface PromotionListFilter extends TableRequest {
  q?: string;
  /** Active = switched on (whatever its dates); Inactive = switched off. */
  status?: 'Active' | 'Inactive';
}

/** The key prefix of coupon ids (as the demo's seeded coupons). */
const COUPON_PREFIX = '0Qc';

const SORTS = { priority: 'priority', name: 'name', startsAt: 'starts_at', endsAt: 'ends_at' };

const listOf = (json: string | null): string[] | null => (json === null ? null : (JSON.parse(json) as string[]));
const jsonOf = (ids: string[] | null): string | null => (ids === null ? null : JSON.stringify(ids));

function couponView(c: CouponRow): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    maxUses: c.max_uses,
    maxUsesPerCustomer: c.max_uses_per_customer,
    timesUsed: c.times_used,
    isActive: c.is_active === 1,
  };
}

function promotionView(row: PromotionTable, coupons: CouponRow[]): AdminPromotion {
  return {
    id: row.id,
    name: row.name,
    termsAndConditions: row.terms,
    priority: row.priority,
    stacking: row.stacking as PromotionStacking,
    target: row.target as PromotionTarget,
    discount: JSON.parse(row.discount_json) as PromotionDiscount,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    productIds: listOf(row.product_ids_json),
    categoryIds: listOf(row.category_ids_json),
    buyerGroupIds: listOf(row.buyer_group_ids_json),
    accountIds: listOf(row.account_ids_json),
    oneTimeOnly: row.one_time_only === 1,
    isActive: row.is_active === 1,
    coupons: coupons
      .filter((c) => c.promotion_id === row.id)
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
      .map(couponView),
  };
}

const duplicateCode = (code: string) =>
  new ApiError(409, 'DUPLICATE_VALUE', `The coupon code ${code} belongs to another promotion; choose another code.`);

export class PromotionAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: RecordedChanges,
  ) {}

  async list(
    webstoreId: string,
    f: PromotionListFilter,
  ): Promise<TablePage<AdminPromotion & { usage: PromotionUsage }>> {
    const sort = tableSort(f.sort, SORTS, 'priority');
    const { limit, offset } = pageWindow(f);
    const filtered = this.db
      .selectFrom('promotion')
      .where('webstore_id', '=', webstoreId)
      .$if(!!f.q?.trim(), (q) => q.where(sql`lower(name)`, 'like', sql`${containsPattern(f.q!.trim())} escape '\\'`))
      .$if(!!f.status, (q) => q.where('is_active', '=', f.status === 'Active' ? 1 : 0));
    const [rows, count] = await Promise.all([
      filtered
        .selectAll()
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const ids = rows.map((r) => r.id);
    const [coupons, usage] = await Promise.all([this.couponsOf(this.db, ids), this.usage(webstoreId, ids)]);
    const items = rows.map((r) => ({ ...promotionView(r, coupons), usage: usage.get(r.id)! }));
    return tablePage(items, Number(count.n), f, sort);
  }

  async get(webstoreId: string, promotionId: string): Promise<AdminPromotion & { usage: PromotionUsage }> {
    const row = await this.row(this.db, webstoreId, promotionId);
    const [coupons, usage] = await Promise.all([this.couponsOf(this.db, [row.id]), this.usage(webstoreId, [row.id])]);
    return { ...promotionView(row, coupons), usage: usage.get(row.id)! };
  }

  /** The saved promotion, whether switched on or not (for a trial run). */
  async saved(webstoreId: string, promotionId: string): Promise<AdminPromotion> {
    const row = await this.row(this.db, webstoreId, promotionId);
    return promotionView(row, await this.couponsOf(this.db, [row.id]));
  }

  async create(webstoreId: string, actor: Actor, input: PromotionCreate): Promise<AdminPromotion> {
    const fields: PromotionFields = { ...PROMOTION_DEFAULTS, ...input };
    await this.check(webstoreId, fields);
    const id = randomRecordId(KEY_PREFIXES.promotion);
    return this.codesTaken(() =>
      this.changes.run(webstoreId, actor, async (trx) => {
        await trx
          .insertInto('promotion')
          .values({ id, webstore_id: webstoreId, ...this.columns(fields) })
          .execute();
        await this.writeCoupons(trx, webstoreId, id, fields.coupons);
        const after = promotionView(await this.row(trx, webstoreId, id), await this.couponsOf(trx, [id]));
        return {
          result: after,
          change: {
            action: 'create',
            recordType: 'Promotion',
            recordId: id,
            recordLabel: after.name,
            before: null,
            after,
          },
        };
      }),
    );
  }

  /** A code another request gave to another promotion between our check and our write: the same 409. */
  private async codesTaken<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err))
        throw new ApiError(
          409,
          'DUPLICATE_VALUE',
          'A coupon code was just given to another promotion; choose another.',
        );
      throw err;
    }
  }

  /** Changes the fields sent; `coupons`, when sent, is the promotion's whole list of codes. */
  async update(
    webstoreId: string,
    actor: Actor,
    promotionId: string,
    patch: Partial<PromotionFields>,
  ): Promise<AdminPromotion> {
    const id = checkedId(promotionId, KEY_PREFIXES.promotion);
    return this.codesTaken(() =>
      this.changes.run(webstoreId, actor, async (trx) => {
        const before = promotionView(await this.row(trx, webstoreId, id), await this.couponsOf(trx, [id]));
        const { id: _id, coupons: current, ...kept } = before;
        const fields: PromotionFields = {
          ...kept,
          coupons: current
            .filter((c) => c.isActive)
            .map((c) => ({ code: c.code, maxUses: c.maxUses, maxUsesPerCustomer: c.maxUsesPerCustomer })),
          ...patch,
        };
        await this.check(webstoreId, fields, trx);
        await trx.updateTable('promotion').set(this.columns(fields)).where('id', '=', id).execute();
        if (patch.coupons) await this.writeCoupons(trx, webstoreId, id, patch.coupons);
        const after = promotionView(await this.row(trx, webstoreId, id), await this.couponsOf(trx, [id]));
        return {
          result: after,
          change: { action: 'update', recordType: 'Promotion', recordId: id, recordLabel: after.name, before, after },
        };
      }),
    );
  }

  /** Orders that applied each promotion and what it took off them. */
  async usage(webstoreId: string, promotionIds: string[]): Promise<Map<string, PromotionUsage>> {
    const out = new Map<string, PromotionUsage>(promotionIds.map((id) => [id, { orderCount: 0, discountTotals: [] }]));
    if (!promotionIds.length) return out;
    const rows = await this.db
      .selectFrom('order_adjustment')
      .innerJoin('sales_order', 'sales_order.id', 'order_adjustment.order_id')
      .select((eb) => [
        'order_adjustment.promotion_id',
        'sales_order.currency',
        eb.fn.count<number>('order_adjustment.order_id').distinct().as('orders'),
        eb.fn.sum<number>('order_adjustment.amount_minor').as('minor'),
      ])
      .where('sales_order.webstore_id', '=', webstoreId)
      .where('order_adjustment.promotion_id', 'in', promotionIds)
      .groupBy(['order_adjustment.promotion_id', 'sales_order.currency'])
      .orderBy('sales_order.currency')
      .execute();
    for (const r of rows) {
      const u = out.get(r.promotion_id)!;
      u.orderCount += Number(r.orders);
      u.discountTotals.push({ currencyIsoCode: r.currency, amount: minorUnitsToDecimal(Number(r.minor)) });
    }
    return out;
  }

  private async row(db: Kysely<Database>, webstoreId: string, promotionId: string): Promise<PromotionTable> {
    const id = checkedId(promotionId, KEY_PREFIXES.promotion);
    const row = await db
      .selectFrom('promotion')
      .selectAll()
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!row) throw notFound(`The promotion ${promotionId} doesn't exist.`);
    return row;
  }

  private couponsOf(db: Kysely<Database>, promotionIds: string[]): Promise<CouponRow[]> {
    if (!promotionIds.length) return Promise.resolve([]);
    return db.selectFrom('coupon').selectAll().where('promotion_id', 'in', promotionIds).execute();
  }

  private columns(f: PromotionFields) {
    return {
      name: f.name.trim(),
      terms: f.termsAndConditions?.trim() || null,
      priority: f.priority,
      stacking: f.stacking,
      target: f.target,
      discount_json: JSON.stringify(f.discount),
      starts_at: f.startsAt,
      ends_at: f.endsAt,
      product_ids_json: jsonOf(f.productIds),
      category_ids_json: jsonOf(f.categoryIds),
      buyer_group_ids_json: jsonOf(f.buyerGroupIds),
      account_ids_json: jsonOf(f.accountIds),
      one_time_only: f.oneTimeOnly ? 1 : 0,
      is_active: f.isActive ? 1 : 0,
    };
  }

  /** Core's rules, then every id the promotion names must be one of the store's (400 naming the first that is not). */
  private async check(webstoreId: string, f: PromotionFields, db: Kysely<Database> = this.db): Promise<void> {
    rejectProblem(promotionProblem(f));
    const lists = [
      ['product', 'productIds'],
      ['category', 'categoryIds'],
      ['buyer_group', 'buyerGroupIds'],
      ['account', 'accountIds'],
    ] as const;
    for (const [table, key] of lists) {
      // Stored as 18-character ids, whatever length was sent.
      const ids = f[key]?.map((v) => checkedId(v)) ?? null;
      f[key] = ids;
      if (!ids) continue;
      const what = table.replace('_', ' ');
      const unknown = await firstUnknownId(db, table, ids, webstoreId);
      if (unknown) rejectProblem(`The ${what} ${unknown} isn't one of this store's.`);
      if (new Set(ids).size !== ids.length) rejectProblem(`A ${what} is listed twice.`);
    }
  }

  /** Makes the promotion's live codes exactly `wanted`: new ones added, kept ones updated, the rest switched off. */
  private async writeCoupons(
    trx: Transaction<Database>,
    webstoreId: string,
    promotionId: string,
    wanted: CouponDraft[],
  ): Promise<void> {
    const codes = wanted.map((c) => c.code.toUpperCase());
    const taken = codes.length
      ? await trx
          .selectFrom('coupon')
          .select(['code', 'promotion_id'])
          .where('webstore_id', '=', webstoreId)
          .where('code', 'in', codes)
          .where('promotion_id', '!=', promotionId)
          .executeTakeFirst()
      : undefined;
    if (taken) throw duplicateCode(taken.code);
    const mine = await this.couponsOf(trx, [promotionId]);
    for (const c of mine.filter((m) => !codes.includes(m.code) && m.is_active === 1))
      await trx.updateTable('coupon').set({ is_active: 0 }).where('id', '=', c.id).execute();
    for (const draft of wanted) {
      const code = draft.code.toUpperCase();
      const existing = mine.find((m) => m.code === code);
      if (existing)
        await trx
          .updateTable('coupon')
          .set({ is_active: 1, max_uses: draft.maxUses, max_uses_per_customer: draft.maxUsesPerCustomer ?? null })
          .where('id', '=', existing.id)
          .execute();
      else
        await trx
          .insertInto('coupon')
          .values({
            id: randomRecordId(COUPON_PREFIX),
            promotion_id: promotionId,
            webstore_id: webstoreId,
            code,
            is_active: 1,
            max_uses: draft.maxUses,
            max_uses_per_customer: draft.maxUsesPerCustomer ?? null,
          })
          .execute();
    }
  }
}
