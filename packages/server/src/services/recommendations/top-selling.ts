// TopSelling: products by quantity ordered in placed orders, in the given categories (a category and its
// children) or, with none, the whole store; ties by product id. One grouped query.
import { NOT_BOUGHT_STATUSES, isActiveProductOf, type RankInput } from './candidates.ts';

export async function rankTopSelling(q: RankInput & { categoryIds: string[] | null }): Promise<string[]> {
  if (q.categoryIds && !q.categoryIds.length) return [];
  let query = q.db
    .selectFrom('order_item')
    .innerJoin('sales_order', 'sales_order.id', 'order_item.order_id')
    .select(['order_item.product_id as id', (eb) => eb.fn.sum<number>('order_item.quantity').as('quantity')])
    .where('sales_order.webstore_id', '=', q.webstoreId)
    .where('sales_order.status', 'not in', NOT_BOUGHT_STATUSES)
    .where(isActiveProductOf(q.webstoreId, 'order_item.product_id'));
  const categoryIds = q.categoryIds;
  if (categoryIds)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_category')
          .select('product_category.product_id')
          .whereRef('product_category.product_id', '=', 'order_item.product_id')
          .where('product_category.category_id', 'in', categoryIds),
      ),
    );
  if (q.exclude.length) query = query.where('order_item.product_id', 'not in', q.exclude);
  const rows = await query
    .groupBy('order_item.product_id')
    .orderBy('quantity', 'desc')
    .orderBy('order_item.product_id')
    .limit(q.limit)
    .execute();
  return rows.map((r) => r.id);
}
