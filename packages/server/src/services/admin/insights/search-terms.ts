// What shoppers searched for: viewSearch rows grouped by their term (stored normalised, core
// normalizeSearchTerm), the most searched first, and the terms whose searches found nothing (result_count 0),
// the most often empty first. Two grouped queries over the period's viewSearch rows.
import { sql, type Kysely } from 'kysely';
import { INSIGHT_TERM_LIMIT, type SearchTermRow } from '@store/core';
import type { Database } from '../../../db/schema.ts';
import type { InsightRange } from './range.ts';

const searches = sql<number>`count(*)`;
const zeroResultSearches = sql<number>`sum(case when result_count = 0 then 1 else 0 end)`;

export async function searchTerms(
  db: Kysely<Database>,
  r: InsightRange,
): Promise<{ topSearchTerms: SearchTermRow[]; zeroResultSearchTerms: SearchTermRow[] }> {
  const grouped = db
    .selectFrom('shopper_activity')
    .select(['search_term', searches.as('searches'), zeroResultSearches.as('zero_result_searches')])
    .where('webstore_id', '=', r.webstoreId)
    .where('occurred_at', '>=', r.start)
    .where('occurred_at', '<', r.end)
    .where('activity', '=', 'viewSearch')
    .where('search_term', 'is not', null)
    .groupBy('search_term')
    .limit(INSIGHT_TERM_LIMIT);
  const [top, empty] = await Promise.all([
    grouped.orderBy(searches, 'desc').orderBy('search_term').execute(),
    grouped.having(zeroResultSearches, '>', 0).orderBy(zeroResultSearches, 'desc').orderBy('search_term').execute(),
  ]);
  const row = (t: (typeof top)[number]): SearchTermRow => ({
    term: t.search_term!,
    searches: Number(t.searches),
    zeroResultSearches: Number(t.zero_result_searches),
  });
  return { topSearchTerms: top.map(row), zeroResultSearchTerms: empty.map(row) };
}
