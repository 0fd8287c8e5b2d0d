// Shopper activity rows written straight into shopper_activity, for the insights tests: the seller's reports read
// what the activities route stored, and these tests are about the reading (the route has its own tests). Each row
// is what that route stores for one accepted activity: the product, the normalised search term and result count.
import { randomUUID } from 'node:crypto';
import { normalizeSearchTerm, type ShopperActivity } from '@store/core';
import { insertActivities } from './activity-rows.ts';
import type { TestServer } from './server.ts';

export interface InsightRow {
  activity: ShopperActivity;
  /** ISO timestamp; now unless given. */
  at?: string;
  productId?: string;
  searchTerm?: string;
  resultCount?: number;
}

/** Inserts the rows (one visitor of their own unless named) and answers how many it wrote. */
export async function insertActivityRows(s: TestServer, rows: InsightRow[], visitorId = randomUUID()): Promise<number> {
  const now = new Date().toISOString();
  await insertActivities(
    s,
    rows.map((r) => ({
      activity: r.activity,
      occurred_at: r.at ?? now,
      visitor_id: visitorId,
      product_id: r.productId ?? null,
      search_term: r.searchTerm === undefined ? null : normalizeSearchTerm(r.searchTerm),
      result_count: r.resultCount ?? null,
      recommender: r.activity === 'clickReco' ? 'CustomersWhoBoughtAlsoBought' : null,
      quantity: r.activity === 'addToCart' ? 1 : null,
    })),
  );
  return rows.length;
}

/** `n` copies of a row. */
export const times = (n: number, row: InsightRow): InsightRow[] => Array.from({ length: n }, () => ({ ...row }));
