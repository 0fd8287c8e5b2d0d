// Seller insights (issue 18 item 4): per dataset the funnel views → add-to-cart → orders with the recommendation
// clicks, the top search terms and the searches that found nothing, over a period of whole UTC days. Every number
// is one set-based query over the period's rows (no per-product queries): funnel.ts and search-terms.ts.
import type { Kysely } from 'kysely';
import {
  INSIGHT_FUNNEL_LIMIT,
  insightPeriodInstants,
  insightPeriodProblem,
  resolveInsightPeriod,
  type InsightQuery,
  type WorkspaceInsights,
} from '@store/core';
import type { Database } from '../../../db/schema.ts';
import { rejectProblem } from '../../../domain/errors.ts';
import { datasetFunnel } from './funnel.ts';
import { searchTerms } from './search-terms.ts';

export class InsightsReport {
  constructor(
    private readonly db: Kysely<Database>,
    /** The clock the default period (the last 30 days) ends on. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async read(webstoreId: string, q: InsightQuery): Promise<WorkspaceInsights> {
    const period = resolveInsightPeriod(q, this.now().toISOString().slice(0, 10));
    rejectProblem(insightPeriodProblem(period));
    const range = { webstoreId, ...insightPeriodInstants(period) };
    const [funnel, terms] = await Promise.all([
      datasetFunnel(this.db, range, q.limit ?? INSIGHT_FUNNEL_LIMIT),
      searchTerms(this.db, range),
    ]);
    return { period, funnel, ...terms };
  }
}

export type { InsightRange } from './range.ts';
