// One order in the workspace (/admin/orders/:orderId): its loader reads the seller's view of the order, its
// action runs the page's forms (order-action.ts); after each, the order is read again, so the page shows the
// order as it now stands next to the form's message.

import type { AdminOrderDetail, WorkspaceMe } from '@store/core';
import {
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { OrderAdminPage } from './OrderAdminPage.tsx';
import { orderAction, type OrderActionResult } from './order-action.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

function OrderRoute() {
  const navigation = useNavigation();
  return (
    <OrderAdminPage
      order={useLoaderData() as AdminOrderDetail}
      me={useRouteLoaderData('admin') as WorkspaceMe}
      result={useActionData() as OrderActionResult | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}

export function orderRoute(getApi: () => StoreApi) {
  return {
    loader: ({ params, request }: LoaderFunctionArgs) =>
      loaded(workspaceOf(getApi).getOrder(params.orderId ?? '', { signal: request.signal })),
    action: async ({ params, request }: ActionFunctionArgs) =>
      orderAction(workspaceOf(getApi), params.orderId ?? '', await request.formData()),
    Component: OrderRoute,
    handle: workspaceHead((d) => `Order ${(d as AdminOrderDetail | undefined)?.orderNumber ?? ''}`.trim()),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
