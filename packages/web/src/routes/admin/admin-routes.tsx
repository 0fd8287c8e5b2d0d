// The seller's workspace under /admin (issue 15). Only this stub is in the storefront's own bundle: every
// workspace route's code (loaders, actions, pages, the workspace API client) is behind a dynamic import, so a
// shopper's pages never download it (checked from the built manifest: admin-chunks.test.ts). The server
// decides who may use it; the pages show its 403.

import type { RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { lazyRoute } from '../lazy-route.ts';

export const ADMIN_PATH = '/admin';

export function createAdminRoutes(getApi: () => StoreApi): RouteObject {
  return lazyRoute(
    'src/routes/admin/shell-route.tsx',
    {
      id: 'admin',
      path: ADMIN_PATH.slice(1),
      children: [
        lazyRoute('src/routes/admin/products-route.tsx', { index: true }, () =>
          import('./products-route.tsx').then((m) => m.productsRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/product-edit-route.tsx', { path: 'products/new' }, () =>
          import('./product-edit-route.tsx').then((m) => m.productEditRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/product-edit-route.tsx', { path: 'products/:productId' }, () =>
          import('./product-edit-route.tsx').then((m) => m.productEditRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/featured-route.tsx', { path: 'featured' }, () =>
          import('./featured-route.tsx').then((m) => m.featuredRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/import-route.tsx', { path: 'import' }, () =>
          import('./import-route.tsx').then((m) => m.importRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/inventory-route.tsx', { path: 'products/:productId/inventory' }, () =>
          import('./inventory-route.tsx').then((m) => m.inventoryRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/categories-route.tsx', { path: 'categories' }, () =>
          import('./categories-route.tsx').then((m) => m.categoriesRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/categories-route.tsx', { path: 'categories/:categoryId' }, () =>
          import('./categories-route.tsx').then((m) => m.categoryRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/entitlement-policies-route.tsx', { path: 'entitlement-policies' }, () =>
          import('./entitlement-policies-route.tsx').then((m) => m.policiesRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/entitlement-policies-route.tsx', { path: 'entitlement-policies/new' }, () =>
          import('./entitlement-policies-route.tsx').then((m) => m.policyRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/entitlement-policies-route.tsx', { path: 'entitlement-policies/:policyId' }, () =>
          import('./entitlement-policies-route.tsx').then((m) => m.policyRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/selling-models-route.tsx', { path: 'selling-models' }, () =>
          import('./selling-models-route.tsx').then((m) => m.sellingModelsRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/selling-models-route.tsx', { path: 'selling-models/:sellingModelId' }, () =>
          import('./selling-models-route.tsx').then((m) => m.sellingModelRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/orders-route.tsx', { path: 'orders' }, () =>
          import('./orders-route.tsx').then((m) => m.ordersRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/order-route.tsx', { path: 'orders/:orderId' }, () =>
          import('./order-route.tsx').then((m) => m.orderRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/content-route.tsx', { path: 'content' }, () =>
          import('./content-route.tsx').then((m) => m.contentRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/content-edit-route.tsx', { path: 'content/:contentId' }, () =>
          import('./content-edit-route.tsx').then((m) => m.contentEditRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/insights-route.tsx', { path: 'insights' }, () =>
          import('./insights-route.tsx').then((m) => m.insightsRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/audit-route.tsx', { path: 'audit' }, () =>
          import('./audit-route.tsx').then((m) => m.auditRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/promotions-route.tsx', { path: 'promotions' }, () =>
          import('./promotions-route.tsx').then((m) => m.promotionsRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/promotion-edit-route.tsx', { path: 'promotions/new' }, () =>
          import('./promotion-edit-route.tsx').then((m) => m.promotionEditRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/promotion-edit-route.tsx', { path: 'promotions/:promotionId' }, () =>
          import('./promotion-edit-route.tsx').then((m) => m.promotionEditRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/settings-route.tsx', { path: 'settings' }, () =>
          import('./settings-route.tsx').then((m) => m.settingsRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/accounts-route.tsx', { path: 'accounts' }, () =>
          import('./accounts-route.tsx').then((m) => m.accountsRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/accounts-route.tsx', { path: 'accounts/:accountId' }, () =>
          import('./accounts-route.tsx').then((m) => m.accountRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/buyers-route.tsx', { path: 'buyers' }, () =>
          import('./buyers-route.tsx').then((m) => m.buyersRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/buyers-route.tsx', { path: 'buyers/:userId' }, () =>
          import('./buyers-route.tsx').then((m) => m.buyerRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/buyer-groups-route.tsx', { path: 'buyer-groups' }, () =>
          import('./buyer-groups-route.tsx').then((m) => m.buyerGroupsRoute(getApi)),
        ),
        lazyRoute('src/routes/admin/buyer-groups-route.tsx', { path: 'buyer-groups/:buyerGroupId' }, () =>
          import('./buyer-groups-route.tsx').then((m) => m.buyerGroupRoute(getApi)),
        ),
      ],
    },
    () => import('./shell-route.tsx').then((m) => m.shellRoute(getApi)),
  );
}
