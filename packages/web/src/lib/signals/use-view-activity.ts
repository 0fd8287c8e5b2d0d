// A "view" activity (viewProduct, viewSearch, viewCategory…) sent after the page shows it, in the browser only:
// once per distinct payload while the component stays mounted (a client-side navigation to other results sends
// again); the sender throttles repeats across pages.
import { useEffect } from 'react';
import type { ShopperActivity, ShopperActivityPayloads } from '@store/core';
import { useActivitySender } from './activity-context.tsx';

export function useViewActivity<A extends ShopperActivity>(
  activity: A,
  payload: ShopperActivityPayloads[A] | null,
): void {
  const sender = useActivitySender();
  const key = payload ? JSON.stringify(payload) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payload's content (key) decides, not its identity
  useEffect(() => {
    if (payload) sender.send(activity, payload);
  }, [sender, activity, key]);
}
