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
import { createAccountArea } from './account/account-area-routes.tsx';
import { createAccountRoutes } from './account/account-routes.tsx';
import { createAdminRoutes } from './admin/admin-routes.tsx';
import { createOrderRoutes } from './account/order-routes.tsx';
import { createPasswordRoutes } from './account/password-routes.tsx';
import { createCartRoute } from './cart/cart-route.tsx';
import { createCategoryRoute } from './catalogue/category-route.tsx';
import { createHomeRoute } from './catalogue/home-route.tsx';
import { createProductRoute } from './catalogue/product-route.tsx';
import { createCheckoutRoute } from './checkout/checkout-route.tsx';
import { createContentRoute } from './content/content-route.tsx';
import { notFoundRoute } from './root/not-found.tsx';
import { createRootRoute } from './root/root-route.tsx';
import { createSearchRoute } from './search/search-route.tsx';
import { createListsRoute } from './wishlist/lists-route.tsx';

export interface RouteOptions {
  /** The commerce API for this request (server) or this browser session. */
  getApi: () => StoreApi;
}

export function createRoutes({ getApi }: RouteOptions): RouteObject[] {
  const account = createAccountRoutes(getApi);
  const passwords = createPasswordRoutes(getApi);
  const categoryRoute = createCategoryRoute(getApi);
  const productRoute = createProductRoute(getApi);
  return [
    createRootRoute(getApi, [
      ...account.pages,
      ...passwords.pages,
      // The seller's workspace: loaded on demand, outside the catalogue's guest-browsing guard (the server decides).
      createAdminRoutes(getApi),
      {
        // Everything else is the catalogue, closed to guests when guest browsing is off.
        id: 'access',
        loader: account.accessLoader,
        children: [
          createHomeRoute(getApi),
          categoryRoute('category/:categoryKey'),
          createSearchRoute(getApi),
          productRoute('product/:recordId'),
          createCartRoute(getApi),
          createCheckoutRoute(getApi),
          // The account area: its navigation around the hub, addresses and downloads, and the older account pages.
          createAccountArea(getApi, [
            account.profile,
            passwords.change,
            createListsRoute(getApi),
            ...createOrderRoutes(getApi),
          ]),
          categoryRoute('store/category/:categoryKey'),
          productRoute('store/product/:recordId'),
          // Site pages by url name (/about…): below every fixed path, which React Router ranks first anyway.
          createContentRoute(getApi),
          notFoundRoute,
        ],
      },
    ]),
  ];
}
