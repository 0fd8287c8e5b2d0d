// Reports recommendation lists as the shopper sees and uses them: viewReco once per answer shown (keyed by its
// recommendationId, so a re-render or a revalidation that keeps the same answer sends nothing new), clickReco when a
// recommended product is opened. Whether anything goes out is the activity sender's business (consent, settings).
import { useCallback, useEffect, useRef } from 'react';
import { useActivitySender } from './activity-context.tsx';
import {
  clickRecoPayload,
  viewRecoPayload,
  type RecommendationList,
  type RecommendedProduct,
} from './recommendations.ts';

export interface ShownList {
  list: RecommendationList;
  /** The list's products the page shows, in their places. */
  shown: RecommendedProduct[];
}

export function useRecoActivity(lists: ShownList[]) {
  const sender = useActivitySender();
  const reported = useRef(new Set<string>());
  const key = lists.map((l) => `${l.list.recommendationId}:${l.shown.map((p) => p.id).join(',')}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the lists (a new array each render).
  useEffect(() => {
    for (const { list, shown } of lists) {
      const id = `${list.recommendationId}`;
      if (!shown.length || reported.current.has(id)) continue;
      reported.current.add(id);
      sender.send('viewReco', viewRecoPayload(list, shown));
    }
  }, [key, sender]);
  return useCallback(
    (list: RecommendationList, product: RecommendedProduct, position: number) =>
      sender.send('clickReco', clickRecoPayload(list, product, position)),
    [sender],
  );
}
