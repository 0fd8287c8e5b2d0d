// RecentlyViewed: the caller's viewProduct activities, newest view first, each product once. A logged-in shopper
// is known by their user id (their views on any device); a guest by the analytics cookie's visitor id, which exists
// only with statistics consent. Neither: nothing. One grouped query over the visitor or user index.
import { isActiveProductOf, type RankInput } from './candidates.ts';

export interface Viewer {
  userId: string | null;
  visitorId: string | null;
}

export async function rankRecentlyViewed(q: RankInput & { viewer: Viewer }): Promise<string[]> {
  const { userId, visitorId } = q.viewer;
  if (!userId && !visitorId) return [];
  let query = q.db
    .selectFrom('shopper_activity')
    .select(['shopper_activity.product_id as id', (eb) => eb.fn.max('shopper_activity.occurred_at').as('lastViewed')])
    // No webstore_id filter on the activity: the product's own store is checked below, and with one here the
    // planner may take the store's index (every activity of the store) over the visitor's or user's.
    .where('shopper_activity.activity', '=', 'viewProduct')
    .where(isActiveProductOf(q.webstoreId, 'shopper_activity.product_id'));
  query = userId
    ? query.where('shopper_activity.user_id', '=', userId)
    : query.where('shopper_activity.visitor_id', '=', visitorId!);
  if (q.exclude.length) query = query.where('shopper_activity.product_id', 'not in', q.exclude);
  const rows = await query
    .groupBy('shopper_activity.product_id')
    .orderBy('lastViewed', 'desc')
    .orderBy('shopper_activity.product_id')
    .limit(q.limit)
    .execute();
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}
