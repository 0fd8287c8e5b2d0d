// The seller's workspace under /admin (issue 15). Only this stub is in the storefront's own bundle: every
// workspace route's code (loaders, actions, pages, the workspace API client) is behind a dynamic import, so a
// shopper's pages never download it (checked from the built manifest: admin-chunks.test.ts). The server
// decides who may use it; the pages show its 403.

import type { RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';

export const ADMIN_PATH = '/admin';

export function createAdminRoutes(getApi: () => StoreApi): RouteObject {
  return {
    id: 'admin',
    path: ADMIN_PATH.slice(1),
    lazy: () => import('./shell-route.tsx').then((m) => m.shellRoute(getApi)),
    children: [
      { index: true, lazy: () => import('./products-route.tsx').then((m) => m.productsRoute(getApi)) },
      {
        path: 'products/new',
        lazy: () => import('./product-edit-route.tsx').then((m) => m.productEditRoute(getApi)),
      },
      {
        path: 'products/:productId',
        lazy: () => import('./product-edit-route.tsx').then((m) => m.productEditRoute(getApi)),
      },
      { path: 'orders', lazy: () => import('./orders-route.tsx').then((m) => m.ordersRoute(getApi)) },
      { path: 'orders/:orderId', lazy: () => import('./order-route.tsx').then((m) => m.orderRoute(getApi)) },
      { path: 'audit', lazy: () => import('./audit-route.tsx').then((m) => m.auditRoute(getApi)) },
    ],
  };
}
