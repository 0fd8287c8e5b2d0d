// CustomersWhoBoughtAlsoBought: the other products of the placed orders that hold an anchor, ranked by the number
// of distinct such orders, ties by product id (stable). One grouped query: the anchors' orders through
// order_item_product_idx (migration 026), their lines through order_item_order_idx.
import { NOT_BOUGHT_STATUSES, isActiveProductOf, type RankInput } from './candidates.ts';

export async function rankAlsoBought(q: RankInput): Promise<string[]> {
  if (!q.anchors.length) return [];
  let query = q.db
    .selectFrom('order_item as other')
    .select(['other.product_id as id', (eb) => eb.fn.count<number>('other.order_id').distinct().as('orders')])
    .where('other.order_id', 'in', (eb) =>
      eb
        .selectFrom('order_item as anchor')
        .innerJoin('sales_order', 'sales_order.id', 'anchor.order_id')
        .select('anchor.order_id')
        .where('anchor.product_id', 'in', q.anchors)
        .where('sales_order.webstore_id', '=', q.webstoreId)
        .where('sales_order.status', 'not in', NOT_BOUGHT_STATUSES),
    )
    .where(isActiveProductOf(q.webstoreId, 'other.product_id'));
  if (q.exclude.length) query = query.where('other.product_id', 'not in', q.exclude);
  const rows = await query
    .groupBy('other.product_id')
    .orderBy('orders', 'desc')
    .orderBy('other.product_id')
    .limit(q.limit)
    .execute();
  return rows.map((r) => r.id);
}
