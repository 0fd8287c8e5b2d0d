// The page's cart store (lib/api.ts) as React state: components re-render on every change of the
// summary or the processing flag. Outside a StoreApiProvider (isolated renders) there is no store.

import { useCallback, useSyncExternalStore } from 'react';
import type { CartState, CartStore } from '@store/client';
import { useStoreApi } from '../api-context.tsx';

const NO_CART: CartState = Object.freeze({
  summary: null,
  status: 'idle',
  error: null,
  processing: false,
}) as CartState;

export function useCartStore(): CartStore | null {
  return useStoreApi()?.cart() ?? null;
}

export function useCartState(store: CartStore | null): CartState {
  const subscribe = useCallback(
    (onChange: () => void) => (store ? store.subscribe(onChange) : () => undefined),
    [store],
  );
  const snapshot = () => store?.getState() ?? NO_CART;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
