// The header's cart link with its item count ("Cart (3)", read out as "Cart, 3 items"), kept current
// by the page's cart store: every cart action reloads the summary and the badge follows.
//
// What the server render shows (product pages are benchmarked): the root loader asks for the compact
// summary only for a logged-in shopper, so a guest's page costs no cart call on the server. A guest's
// badge renders without a count and the browser reads the summary once hydrated (a guest may have a
// cart in their session; the server tells us, an HttpOnly session cookie does not).

import { useEffect } from 'react';
import { ORDER_PLACED_EVENT } from '@store/client';
import type { CartCompactSummary } from '@store/core';
import { CART_PATH } from '../../lib/links.ts';
import { quantityText } from '../../lib/cart/cart-view.ts';
import { useCartState, useCartStore } from '../../lib/cart/use-cart.ts';
import { AppLink } from '../ui/AppLink.tsx';

export interface CartBadgeProps {
  /** The summary the server rendered with (logged-in shoppers), else null. */
  initial: CartCompactSummary | null;
}

/** The count a badge shows: the sum of line quantities; null when not known yet. */
export function cartCount(summary: Pick<CartCompactSummary, 'totalProductCount'> | null): number | null {
  if (!summary) return null;
  const n = Number(quantityText(summary.totalProductCount));
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

export function cartBadgeLabels(count: number | null): { text: string; ariaLabel: string } {
  if (count === null) return { text: 'Cart', ariaLabel: 'Cart' };
  return { text: `Cart (${count})`, ariaLabel: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` };
}

export function CartBadge({ initial }: CartBadgeProps) {
  const store = useCartStore();
  const state = useCartState(store);

  useEffect(() => {
    if (!store) return;
    if (initial) store.seed(initial);
    else void store.ensureLoaded();
  }, [store, initial]);

  // Spec 02 §4: placing an order signals orderPlaced; the cart became the order, so the badge reads afresh (0).
  useEffect(() => {
    if (!store) return;
    const onPlaced = () => void store.load();
    window.addEventListener(ORDER_PLACED_EVENT, onPlaced);
    return () => window.removeEventListener(ORDER_PLACED_EVENT, onPlaced);
  }, [store]);

  const { text, ariaLabel } = cartBadgeLabels(cartCount(state.summary ?? initial));
  return (
    <AppLink
      href={CART_PATH}
      className="cart-badge"
      aria-label={ariaLabel}
      aria-busy={state.processing || undefined}
      data-testid="cart-badge"
    >
      {text}
    </AppLink>
  );
}
