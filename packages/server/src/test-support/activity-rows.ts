// Shopper activity rows written straight into the table, for tests of what reads them (recommendations, insights)
// that should not depend on the activities route: one row per call, at the time given (now by default). The
// insights tests' rows (insight-rows.ts) are written through here too.
import { randomUUID } from 'node:crypto';
import type { ShopperActivityTable } from '../db/schema.ts';
import { EMPTY_ACTIVITY_COLUMNS } from '../services/activities/activity-row.ts';
import type { TestServer } from './server.ts';
import { WEBSTORE_ID } from './server.ts';

export type ActivityRow = Partial<ShopperActivityTable> & Pick<ShopperActivityTable, 'activity' | 'visitor_id'>;

export async function insertActivities(s: TestServer, rows: ActivityRow[]): Promise<void> {
  if (!rows.length) return;
  await s.db.db
    .insertInto('shopper_activity')
    .values(
      rows.map((r) => ({
        id: randomUUID(),
        webstore_id: WEBSTORE_ID,
        occurred_at: new Date().toISOString(),
        ...EMPTY_ACTIVITY_COLUMNS,
        ...r,
      })),
    )
    .execute();
}

/** viewProduct rows of one visitor (and user, when logged in), the first given viewed first, a minute apart. */
export async function insertViews(
  s: TestServer,
  who: { visitorId: string; userId?: string | null },
  productIds: string[],
  start = Date.parse('2026-01-01T00:00:00Z'),
): Promise<void> {
  await insertActivities(
    s,
    productIds.map((id, i) => ({
      activity: 'viewProduct',
      visitor_id: who.visitorId,
      user_id: who.userId ?? null,
      product_id: id,
      occurred_at: new Date(start + i * 60_000).toISOString(),
    })),
  );
}
