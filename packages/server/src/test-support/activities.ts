// Shopper activities in tests (issue 18): give an agent the shopper's consent, post an activity as the
// storefront does, and read what was recorded (the buffer is flushed first, so a test sees every accepted row).
import {
  CONSENT_COOKIE,
  serializeConsent,
  type ActivityProduct,
  type ConsentCategory,
  type ShopperActivity,
  type ShopperActivityPayloads,
} from '@store/core';
import type { ShopperActivityTable } from '../db/schema.ts';
import { WEBSTORE_ID, type Agent, type Reply, type TestServer } from './server.ts';

/** The consent cookie the banner writes, for these categories (essential is always in). */
export function giveConsent(agent: Agent, categories: ConsentCategory[] = ['statistics']): Agent {
  agent.cookies.set(CONSENT_COOKIE, encodeURIComponent(serializeConsent(categories)));
  return agent;
}

export const activityPath = (activity: string, siteId = WEBSTORE_ID) => `/activities/${siteId}/${activity}`;

export function postActivity<A extends ShopperActivity>(
  agent: Agent,
  activity: A,
  payload: ShopperActivityPayloads[A],
  siteId = WEBSTORE_ID,
): Promise<Reply> {
  return agent.post(activityPath(activity, siteId), payload);
}

/** Every recorded activity, oldest first, after writing what the server still buffers. */
export async function recordedActivities(
  s: TestServer,
  where: Partial<Pick<ShopperActivityTable, 'activity' | 'visitor_id' | 'product_id'>> = {},
): Promise<ShopperActivityTable[]> {
  await s.services.activities.flush();
  let q = s.db.db.selectFrom('shopper_activity').selectAll();
  for (const [column, value] of Object.entries(where))
    q = q.where(column as keyof ShopperActivityTable, '=', value as string);
  return q.orderBy('occurred_at').orderBy('id').execute();
}

/** A real product of the demo store as a product activity item. */
export async function activityProduct(s: TestServer, offset = 0): Promise<ActivityProduct> {
  const p = await s.db.db
    .selectFrom('product')
    .select(['id', 'sku'])
    .where('is_active', '=', 1)
    .orderBy('sku')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: p.id, sku: p.sku, unitPrice: '120.00', listPrice: '150.00' };
}
