// What every recommender shares: the input it ranks from, and the bound on how many candidates it hands back.
// Recommenders return product ids, best first, of active products of the store (Draft = inactive is never a
// candidate), without the excluded ids; which of them the caller may see is decided afterwards, once, by the
// service (recommendation-service.ts), so a recommender need not know about entitlements.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface RankInput {
  db: Kysely<Database>;
  webstoreId: string;
  /** Checked, stored-form product ids. */
  anchors: string[];
  /** Never returned: the anchors, and for cart recommenders what is already in the cart. */
  exclude: string[];
  /** At most this many candidates. */
  limit: number;
}

/**
 * Candidates asked of a recommender per answer: more than the answer's size, so the products the caller may not
 * see can be dropped and the list still be full (unless nearly all of the best-ranked are hidden).
 */
export const CANDIDATE_LIMIT = 100;

/** Order statuses that count as bought: a cancelled or refunded order is not a purchase. */
export const NOT_BOUGHT_STATUSES = ['Cancelled', 'Refunded'];

/**
 * The product a row names is an active product of the store: a correlated lookup by primary key per grouped row.
 * Written as EXISTS rather than a join on purpose: joined, the planners may drive the query from the store's
 * whole product list (an index on webstore and active flag looks selective) and look each product's lines up.
 */
export const isActiveProductOf = (webstoreId: string, productIdColumn: string) =>
  sql<SqlBool>`exists (select 1 from product where product.id = ${sql.ref(productIdColumn)} and product.webstore_id = ${webstoreId} and product.is_active = 1)`;
