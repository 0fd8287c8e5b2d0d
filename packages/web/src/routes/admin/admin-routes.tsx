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
      { path: 'featured', lazy: () => import('./featured-route.tsx').then((m) => m.featuredRoute(getApi)) },
      { path: 'import', lazy: () => import('./import-route.tsx').then((m) => m.importRoute(getApi)) },
      {
        path: 'products/:productId/inventory',
        lazy: () => import('./inventory-route.tsx').then((m) => m.inventoryRoute(getApi)),
      },
      { path: 'categories', lazy: () => import('./categories-route.tsx').then((m) => m.categoriesRoute(getApi)) },
      {
        path: 'categories/:categoryId',
        lazy: () => import('./categories-route.tsx').then((m) => m.categoryRoute(getApi)),
      },
      {
        path: 'entitlement-policies',
        lazy: () => import('./entitlement-policies-route.tsx').then((m) => m.policiesRoute(getApi)),
      },
      {
        path: 'entitlement-policies/new',
        lazy: () => import('./entitlement-policies-route.tsx').then((m) => m.policyRoute(getApi)),
      },
      {
        path: 'entitlement-policies/:policyId',
        lazy: () => import('./entitlement-policies-route.tsx').then((m) => m.policyRoute(getApi)),
      },
      {
        path: 'selling-models',
        lazy: () => import('./selling-models-route.tsx').then((m) => m.sellingModelsRoute(getApi)),
      },
      {
        path: 'selling-models/:sellingModelId',
        lazy: () => import('./selling-models-route.tsx').then((m) => m.sellingModelRoute(getApi)),
      },
      { path: 'orders', lazy: () => import('./orders-route.tsx').then((m) => m.ordersRoute(getApi)) },
      { path: 'orders/:orderId', lazy: () => import('./order-route.tsx').then((m) => m.orderRoute(getApi)) },
      { path: 'content', lazy: () => import('./content-route.tsx').then((m) => m.contentRoute(getApi)) },
      {
        path: 'content/:contentId',
        lazy: () => import('./content-edit-route.tsx').then((m) => m.contentEditRoute(getApi)),
      },
      { path: 'insights', lazy: () => import('./insights-route.tsx').then((m) => m.insightsRoute(getApi)) },
      { path: 'audit', lazy: () => import('./audit-route.tsx').then((m) => m.auditRoute(getApi)) },
      { path: 'promotions', lazy: () => import('./promotions-route.tsx').then((m) => m.promotionsRoute(getApi)) },
      {
        path: 'promotions/new',
        lazy: () => import('./promotion-edit-route.tsx').then((m) => m.promotionEditRoute(getApi)),
      },
      {
        path: 'promotions/:promotionId',
        lazy: () => import('./promotion-edit-route.tsx').then((m) => m.promotionEditRoute(getApi)),
      },
      { path: 'settings', lazy: () => import('./settings-route.tsx').then((m) => m.settingsRoute(getApi)) },
      { path: 'accounts', lazy: () => import('./accounts-route.tsx').then((m) => m.accountsRoute(getApi)) },
      {
        path: 'accounts/:accountId',
        lazy: () => import('./accounts-route.tsx').then((m) => m.accountRoute(getApi)),
      },
      { path: 'buyers', lazy: () => import('./buyers-route.tsx').then((m) => m.buyersRoute(getApi)) },
      { path: 'buyers/:userId', lazy: () => import('./buyers-route.tsx').then((m) => m.buyerRoute(getApi)) },
      {
        path: 'buyer-groups',
        lazy: () => import('./buyer-groups-route.tsx').then((m) => m.buyerGroupsRoute(getApi)),
      },
      {
        path: 'buyer-groups/:buyerGroupId',
        lazy: () => import('./buyer-groups-route.tsx').then((m) => m.buyerGroupRoute(getApi)),
      },
    ],
  };
}
