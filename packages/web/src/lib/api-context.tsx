// The page's StoreApi for components that call the API themselves (account switcher, session
// timeout). Loaders get it from createRoutes; components get it from here.

import { createContext, useContext, type ReactNode } from 'react';
import type { StoreApi } from './api.ts';

const StoreApiContext = createContext<StoreApi | null>(null);

export function StoreApiProvider({ api, children }: { api: StoreApi; children?: ReactNode }) {
  return <StoreApiContext.Provider value={api}>{children}</StoreApiContext.Provider>;
}

/** null outside a provider (isolated component renders in tests). */
export function useStoreApi(): StoreApi | null {
  return useContext(StoreApiContext);
}
