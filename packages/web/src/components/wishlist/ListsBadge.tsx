// The header's "Lists" entry for logged-in buyers (issue 17 item 2): a link to the lists page with the
// number of products on the account's lists ("Lists (3)", read out as "Lists, 3 products"). The root
// loader reads the lists for the server render; the page's wishlist store keeps the count current after
// adds, removes and moves.

import { useEffect } from 'react';
import type { WishlistSummary } from '@store/core';
import { useWishlistState, useWishlistStore } from '../../lib/wishlist/use-wishlists.ts';
import { listsBadgeLabels, listsProductCount } from '../../lib/wishlist/wishlist-view.ts';
import { LISTS_PATH } from '../../lib/account/account-nav.ts';
import { AppLink } from '../ui/AppLink.tsx';

export interface ListsBadgeProps {
  /** The account's lists as the server read them; null when that failed (the entry shows no count). */
  initial: WishlistSummary[] | null;
}

export function ListsBadge({ initial }: ListsBadgeProps) {
  const store = useWishlistStore();
  const state = useWishlistState(store);

  useEffect(() => {
    if (store && initial) store.seed(initial);
  }, [store, initial]);

  const summaries = state.summaries ?? initial;
  const { text, ariaLabel } = listsBadgeLabels(summaries ? listsProductCount(summaries) : null);
  return (
    <AppLink href={LISTS_PATH} className="cart-badge lists-badge" aria-label={ariaLabel} data-testid="lists-badge">
      {text}
    </AppLink>
  );
}
