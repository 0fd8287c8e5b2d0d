// The per-dataset funnel: views, add-to-carts and recommendation clicks counted from the period's activity rows,
// orders from the order tables (an order is a placed order, whatever happened to it later; not an activity, so a
// shopper without statistics consent still counts). One query: the period's funnel activity rows and the grouped
// order counts are stacked (UNION ALL) and summed per product, joined to the product for its current SKU and
// name, most viewed first.
import { sql, type Kysely } from 'kysely';
import type { DatasetFunnelRow } from '@store/core';
import type { Database } from '../../../db/schema.ts';
import type { InsightRange } from './range.ts';

/** 1 for a row of the activity, else 0: the outer query sums them per product. */
const one = (activity: string) => sql<number>`case when activity = ${activity} then 1 else 0 end`;

export async function datasetFunnel(db: Kysely<Database>, r: InsightRange, limit: number): Promise<DatasetFunnelRow[]> {
  // Not grouped here (the outer query groups), nor filtered on product_id: either leads SQLite's planner to the
  // (webstore_id, product_id) index, in product order, and a table lookup per row, where this range of the
  // covering (webstore_id, activity, occurred_at, product_id) index answers alone (migration 027).
  const fromActivities = db
    .selectFrom('shopper_activity')
    .select([
      'product_id',
      one('viewProduct').as('views'),
      one('addToCart').as('add_to_carts'),
      one('clickReco').as('reco_clicks'),
      sql<number>`0`.as('orders'),
    ])
    .where('webstore_id', '=', r.webstoreId)
    .where('occurred_at', '>=', r.start)
    .where('occurred_at', '<', r.end)
    .where('activity', 'in', ['viewProduct', 'addToCart', 'clickReco']);
  // An order holding a dataset on two lines (two selling models) is one order of it: count distinct orders.
  const fromOrders = db
    .selectFrom('order_item')
    .innerJoin('sales_order', 'sales_order.id', 'order_item.order_id')
    .select([
      'order_item.product_id',
      sql<number>`0`.as('views'),
      sql<number>`0`.as('add_to_carts'),
      sql<number>`0`.as('reco_clicks'),
      sql<number>`count(distinct sales_order.id)`.as('orders'),
    ])
    .where('sales_order.webstore_id', '=', r.webstoreId)
    .where('sales_order.created_at', '>=', r.start)
    .where('sales_order.created_at', '<', r.end)
    .groupBy('order_item.product_id');
  const rows = await db
    .selectFrom(fromActivities.unionAll(fromOrders).as('f'))
    .innerJoin('product', 'product.id', 'f.product_id')
    .select([
      'product.id',
      'product.sku',
      'product.name',
      sql<number>`sum(f.views)`.as('views'),
      sql<number>`sum(f.add_to_carts)`.as('add_to_carts'),
      sql<number>`sum(f.orders)`.as('orders'),
      sql<number>`sum(f.reco_clicks)`.as('reco_clicks'),
    ])
    .where('product.webstore_id', '=', r.webstoreId)
    .groupBy(['product.id', 'product.sku', 'product.name'])
    .orderBy(sql`sum(f.views)`, 'desc')
    .orderBy(sql`sum(f.orders)`, 'desc')
    .orderBy('product.name')
    .orderBy('product.id')
    .limit(limit)
    .execute();
  // PostgreSQL answers sums and counts as bigint strings.
  return rows.map((row) => ({
    productId: row.id,
    sku: row.sku,
    name: row.name,
    views: Number(row.views),
    addToCarts: Number(row.add_to_carts),
    orders: Number(row.orders),
    recoClicks: Number(row.reco_clicks),
  }));
}
