// The activities of a page of results (issue 18): the search page reports viewSearch / clickSearch, a category
// page viewCategory / clickCategory. Positions count across pages (page offset included). A results page that
// failed to load reports nothing.
import { ACTIVITY_LIMITS, type ActivityProduct } from '@store/core';
import type { CardProduct, ResultsData } from '../../routes/types.ts';
import { useActivitySender } from './activity-context.tsx';
import { activityProduct } from './activity-product.ts';
import { useViewActivity } from './use-view-activity.ts';

export const cardActivityProduct = (card: CardProduct): ActivityProduct => activityProduct(card);

/** A card's 1-based place in the whole result list. */
const positionOf = (results: ResultsData, index: number) => (results.page - 1) * results.pageSize + index + 1;

export type OnResultClick = (card: CardProduct, index: number) => void;

/** viewSearch now, and the clickSearch reporter for the cards; nothing for a term the server would refuse. */
export function useSearchActivities(
  term: string,
  categoryId: string | null,
  results: ResultsData | null,
): OnResultClick | undefined {
  const sender = useActivitySender();
  const ok = Boolean(term.trim()) && term.length <= ACTIVITY_LIMITS.maxSearchTermLength && results && !results.error;
  useViewActivity(
    'viewSearch',
    ok && results
      ? {
          searchTerm: term,
          categoryId,
          resultCount: results.total,
          products: results.products.map(cardActivityProduct),
        }
      : null,
  );
  if (!ok || !results) return undefined;
  return (card, index) =>
    sender.send('clickSearch', {
      searchTerm: term,
      categoryId,
      product: cardActivityProduct(card),
      position: positionOf(results, index),
    });
}

/** viewCategory now, and the clickCategory reporter for the cards. */
export function useCategoryActivities(categoryId: string, results: ResultsData): OnResultClick | undefined {
  const sender = useActivitySender();
  useViewActivity(
    'viewCategory',
    results.error ? null : { categoryId, products: results.products.map(cardActivityProduct) },
  );
  if (results.error) return undefined;
  return (card, index) =>
    sender.send('clickCategory', {
      categoryId,
      product: cardActivityProduct(card),
      position: positionOf(results, index),
    });
}
