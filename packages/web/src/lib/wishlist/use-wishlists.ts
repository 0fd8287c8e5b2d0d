// The page's wishlist store (./wishlist-store.ts) as React state. One store per StoreApi, which in the
// browser lives for the page load (as the cart store does); outside a StoreApiProvider there is none.

import { useCallback, useSyncExternalStore } from 'react';
import { useStoreApi } from '../api-context.tsx';
import type { StoreApi } from '../api.ts';
import { createWishlistStore, type WishlistState, type WishlistStore } from './wishlist-store.ts';

const stores = new WeakMap<StoreApi, WishlistStore>();

export function wishlistStoreOf(api: StoreApi): WishlistStore {
  let store = stores.get(api);
  if (!store) {
    store = createWishlistStore(api.client);
    stores.set(api, store);
  }
  return store;
}

const NONE: WishlistState = Object.freeze({ summaries: null, membership: null, status: 'idle' }) as WishlistState;

export function useWishlistStore(): WishlistStore | null {
  const api = useStoreApi();
  return api ? wishlistStoreOf(api) : null;
}

export function useWishlistState(store: WishlistStore | null): WishlistState {
  const subscribe = useCallback(
    (onChange: () => void) => (store ? store.subscribe(onChange) : () => undefined),
    [store],
  );
  const snapshot = () => store?.getState() ?? NONE;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
