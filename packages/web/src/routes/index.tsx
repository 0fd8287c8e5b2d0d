// The route table, shared by the server render (createStaticHandler) and the browser
// (createBrowserRouter). Each area (routes/<area>/) builds its own routes with their loaders, actions
// and pages; this file only puts them in place. Loaders call the commerce API through @store/client;
// the api is handed in per request (server) or once (browser), so the same loaders run on both sides.
//
// How data changes (one way): a mutation is a route action, submitted with a fetcher (or a router
// <Form> for a page's own form), and components read its answer from fetcher.data / useActionData.
// The action calls the API; cart changes go through the page's cart store, so retries, the processing
// flag and the header badge follow. Components never call the client to change data themselves.
// Not yet converted (each keeps its behaviour until it moves to an action): AddToCart (adds through the
// cart store directly), lib/checkout/use-checkout.ts (the browser's checkout flow) and the header's
// account switcher / preview toggle (session context, then a document reload) in root/Layout.tsx.

import type { RouteObject } from 'react-router';
import type { StoreApi } from '../lib/api.ts';
import { createAccessLoader } from './account/access-loader.ts';
import { createAdminRoutes } from './admin/admin-routes.tsx';
import { lazyRoute, lazyRoutes } from './lazy-route.ts';
import { notFoundRoute } from './root/not-found.tsx';
import { createRootRoute } from './root/root-route.tsx';

export interface RouteOptions {
  /** The commerce API for this request (server) or this browser session. */
  getApi: () => StoreApi;
}

// Each page's code is its own chunk (lazy-route.ts): the first argument names its module for the server
// render's modulepreload links and the JavaScript budget (packages/web/js-budget.json).
export function createRoutes({ getApi }: RouteOptions): RouteObject[] {
  const accountModule = () => import('./account/account-routes.tsx').then((m) => m.createAccountRoutes(getApi));
  const passwordModule = () => import('./account/password-routes.tsx').then((m) => m.createPasswordRoutes(getApi));
  const areaModule = () => import('./account/account-area-routes.tsx').then((m) => m.createAccountArea(getApi, []));
  const catalogue = (path: string, module: 'category' | 'product') =>
    module === 'category'
      ? lazyRoute('src/routes/catalogue/category-route.tsx', { path }, () =>
          import('./catalogue/category-route.tsx').then((m) => m.createCategoryRoute(getApi)(path)),
        )
      : lazyRoute('src/routes/catalogue/product-route.tsx', { path }, () =>
          import('./catalogue/product-route.tsx').then((m) => m.createProductRoute(getApi)(path)),
        );
  return [
    createRootRoute(getApi, [
      ...lazyRoutes('src/routes/account/account-routes.tsx', ['login', 'register', 'register/confirm'], () =>
        accountModule().then((m) => m.pages),
      ),
      ...lazyRoutes('src/routes/account/password-routes.tsx', ['forgot-password', 'password-reset'], () =>
        passwordModule().then((m) => m.pages),
      ),
      // The seller's workspace: loaded on demand, outside the catalogue's guest-browsing guard (the server decides).
      createAdminRoutes(getApi),
      {
        // Everything else is the catalogue, closed to guests when guest browsing is off.
        id: 'access',
        loader: createAccessLoader(getApi),
        children: [
          lazyRoute('src/routes/catalogue/home-route.tsx', { index: true }, () =>
            import('./catalogue/home-route.tsx').then((m) => m.createHomeRoute(getApi)),
          ),
          catalogue('category/:categoryKey', 'category'),
          lazyRoute('src/routes/search/search-route.tsx', { path: 'search' }, () =>
            import('./search/search-route.tsx').then((m) => m.createSearchRoute(getApi)),
          ),
          catalogue('product/:recordId', 'product'),
          lazyRoute('src/routes/cart/cart-route.tsx', { path: 'cart' }, () =>
            import('./cart/cart-route.tsx').then((m) => m.createCartRoute(getApi)),
          ),
          lazyRoute('src/routes/checkout/checkout-route.tsx', { path: 'checkout' }, () =>
            import('./checkout/checkout-route.tsx').then((m) => m.createCheckoutRoute(getApi)),
          ),
          // The account area: its navigation around the hub, addresses and downloads, and the older account pages.
          lazyRoute(
            'src/routes/account/account-area-routes.tsx',
            {
              id: 'account-area',
              children: [
                ...lazyRoutes(
                  'src/routes/account/account-area-routes.tsx',
                  ['account', 'account/addresses', 'account/downloads', 'account/agents'],
                  () => areaModule().then((m) => m.children ?? []),
                ),
                lazyRoute('src/routes/account/account-routes.tsx', { path: 'profile' }, () =>
                  accountModule().then((m) => m.profile),
                ),
                lazyRoute('src/routes/account/password-routes.tsx', { path: 'account/password' }, () =>
                  passwordModule().then((m) => m.change),
                ),
                lazyRoute('src/routes/wishlist/lists-route.tsx', { path: 'account/lists' }, () =>
                  import('./wishlist/lists-route.tsx').then((m) => m.createListsRoute(getApi)),
                ),
                ...lazyRoutes(
                  'src/routes/account/order-routes.tsx',
                  ['orders', 'orders/:orderSummaryId', 'subscriptions'],
                  () => import('./account/order-routes.tsx').then((m) => m.createOrderRoutes(getApi)),
                ),
              ],
            },
            areaModule,
          ),
          catalogue('store/category/:categoryKey', 'category'),
          catalogue('store/product/:recordId', 'product'),
          // Site pages by url name (/about…): below every fixed path, which React Router ranks first anyway.
          lazyRoute('src/routes/content/content-route.tsx', { path: ':urlName' }, () =>
            import('./content/content-route.tsx').then((m) => m.createContentRoute(getApi)),
          ),
          notFoundRoute,
        ],
      },
    ]),
  ];
}
