// Browser entry: hydrates the server-rendered page with the loader data the server embedded,
// then navigates client-side with the same routes, loading data from the same-origin API.

import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createStoreApi, DEFAULT_WEBSTORE_ID } from './lib/api.ts';
import { getBrowserPurifier } from './lib/purify-client.ts';
import { setPurifierProvider } from './lib/sanitize.ts';
import { setHydrating } from './components/ui/HydrateOnInteraction.tsx';
import { afterDeferredHydration } from './components/ui/HydrateLater.tsx';
import { releaseEarlyInput } from './lib/early-input.ts';
import { warmIntl } from './lib/intl-warmup.ts';
import { nextTask } from './lib/next-task.ts';
import { createRoutes } from './routes/index.tsx';

// Start-up runs in several tasks, none long enough to keep a slow phone from answering a tap: the locale data
// loads on a worker's thread meanwhile (the page's modules create their formatters as they load), then the
// set-up (boot data, API, route table), the page's route modules, the router and the hydration each get a task
// (parts in HydrateLater get their own after it).
const intlReady = warmIntl(document.documentElement.lang || 'en-US');

setPurifierProvider(getBrowserPurifier);

/**
 * Every page's code is loaded on demand (routes/lazy-route.ts; the workspace's too): the lazy routes the
 * server rendered this page with are loaded before hydrating (the server's modulepreload links have them on
 * the way already), so the first render matches the server's HTML instead of rendering nothing meanwhile.
 */
async function loadLazyMatches(table: RouteObject[]): Promise<void> {
  const lazy = (matchRoutes(table, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async (m) => {
      const loaded = await (m.route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(m.route, { ...loaded, lazy: undefined });
    }),
  );
}

await intlReady;

const bootElement = document.getElementById('__store_data');
const boot = (bootElement?.textContent ? JSON.parse(bootElement.textContent) : {}) as {
  webstoreId?: string;
  hydration?: unknown;
};
// React Router revives serialised route errors from this global when it creates the router.
window.__staticRouterHydrationData = boot.hydration;

const api = createStoreApi({ webstoreId: boot.webstoreId || DEFAULT_WEBSTORE_ID });
const routes = createRoutes({ getApi: () => api });

await nextTask();
await loadLazyMatches(routes);
await nextTask();
const router = createBrowserRouter(routes);
await nextTask();

const container = document.getElementById('root');
if (container) {
  // Parts marked HydrateOnInteraction keep the server's HTML during this pass and hydrate when used.
  setHydrating(true);
  hydrateRoot(container, <RouterProvider router={router} />);
  setHydrating(false);
}
// What was typed or submitted meanwhile goes to the page once every part of it is hydrated.
afterDeferredHydration(releaseEarlyInput);
