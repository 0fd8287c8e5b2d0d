// Browser entry: hydrates the server-rendered page with the loader data the server embedded,
// then navigates client-side with the same routes, loading data from the same-origin API.

import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createStoreApi, DEFAULT_WEBSTORE_ID } from './lib/api.ts';
import { getBrowserPurifier } from './lib/purify-client.ts';
import { setPurifierProvider } from './lib/sanitize.ts';
import { createRoutes } from './routes/index.tsx';

setPurifierProvider(getBrowserPurifier);

const bootElement = document.getElementById('__store_data');
const boot = (bootElement?.textContent ? JSON.parse(bootElement.textContent) : {}) as {
  webstoreId?: string;
  hydration?: unknown;
};
// React Router revives serialised route errors from this global when it creates the router.
window.__staticRouterHydrationData = boot.hydration;

const api = createStoreApi({ webstoreId: boot.webstoreId || DEFAULT_WEBSTORE_ID });
const router = createBrowserRouter(createRoutes({ getApi: () => api }));

const container = document.getElementById('root');
if (container) hydrateRoot(container, <RouterProvider router={router} />);
