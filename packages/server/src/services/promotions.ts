// The store's promotions as the core engine reads them (core promotions.ts), and coupon lookup.
// Promotions are a handful of rows per store, read fresh on each use so a change made through one
// process applies at once in every other.
import type { Kysely } from 'kysely';
import type { PromotionDiscount, PromotionRule } from '@store/core';
import type { Database, PromotionTable } from '../db/schema.ts';
import type { CategoryTree } from './category-tree.ts';

const list = (json: string | null): string[] | null => (json ? (JSON.parse(json) as string[]) : null);

export function toPromotionRule(row: PromotionTable, couponCodes: string[]): PromotionRule {
  return {
    id: row.id,
    displayName: row.name,
    termsAndConditions: row.terms,
    priority: row.priority,
    stacking: row.stacking as PromotionRule['stacking'],
    target: row.target as PromotionRule['target'],
    discount: JSON.parse(row.discount_json) as PromotionDiscount,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    productIds: list(row.product_ids_json),
    categoryIds: list(row.category_ids_json),
    buyerGroupIds: list(row.buyer_group_ids_json),
    accountIds: list(row.account_ids_json),
    couponCodes,
    oneTimeOnly: row.one_time_only === 1,
  };
}

export interface CouponRow {
  id: string;
  promotionId: string;
  code: string;
}

export class PromotionService {
  constructor(private db: Kysely<Database>) {}

  /** Every active promotion of the store with its coupon codes (upper-cased). */
  async rules(webstoreId: string): Promise<PromotionRule[]> {
    const [rows, coupons] = await Promise.all([
      this.db
        .selectFrom('promotion')
        .selectAll()
        .where('webstore_id', '=', webstoreId)
        .where('is_active', '=', 1)
        .orderBy('priority')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('coupon')
        .select(['promotion_id', 'code'])
        .where('webstore_id', '=', webstoreId)
        .where('is_active', '=', 1)
        .execute(),
    ]);
    return rows.map((r) =>
      toPromotionRule(
        r,
        coupons.filter((c) => c.promotion_id === r.id).map((c) => c.code),
      ),
    );
  }

  /** A live coupon by code (case-insensitive), or null. */
  async coupon(webstoreId: string, code: string): Promise<CouponRow | null> {
    const row = await this.db
      .selectFrom('coupon')
      .select(['id', 'promotion_id', 'code'])
      .where('webstore_id', '=', webstoreId)
      .where('code', '=', code.trim().toUpperCase())
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return row ? { id: row.id, promotionId: row.promotion_id, code: row.code } : null;
  }
}

/**
 * Category ids of products (all of their categories and the ancestors of each), for category-targeted
 * promotions. Takes the database handle to use, so a cart recalculation can call it inside its transaction.
 */
export async function productCategoryIds(
  db: Kysely<Database>,
  productIds: string[],
  tree: CategoryTree,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('product_category')
    .select(['product_id', 'category_id'])
    .where('product_id', 'in', productIds)
    .execute();
  for (const r of rows) {
    const set = new Set(out.get(r.product_id));
    for (const id of tree.ancestorIds(r.category_id)) set.add(id);
    out.set(r.product_id, [...set]);
  }
  return out;
}
