// The shopper's orders and subscriptions: /orders (history), /orders/:orderSummaryId (the order, and the
// confirmation after placing it, with its download links) and /subscriptions (logged-in shoppers only, with
// the auto-renew switch as its action).
// The loaders run on the server for the first page and in the browser afterwards, like every other.

import { isAbortError } from '@store/client';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loginHref } from '../../lib/account/return-url.ts';
import { isNotFound, optional, type StoreApi } from '../../lib/api.ts';
import { orderDate, ORDERS_PATH, statusLabel, SUBSCRIPTIONS_PATH } from '../../lib/checkout/checkout-view.ts';

const SWITCH_FAILED = 'We could not change the subscription. Try again.';
import { PageError } from '../root/ErrorPage.tsx';
import { privatePageHead } from '../root/head.ts';
import { notFound } from '../root/not-found.tsx';
import { errorMessage } from '../../lib/errors.ts';
import type { OrderPageData, OrdersPageData, SubscriptionSwitchResult, SubscriptionsPageData } from '../types.ts';
import { OrderRoute } from './OrderPage.tsx';
import { OrdersRoute } from './OrdersPage.tsx';
import { SubscriptionsRoute } from './SubscriptionsPage.tsx';

export function createOrderRoutes(getApi: () => StoreApi): RouteObject[] {
  async function context(api: StoreApi, signal: AbortSignal) {
    const [viewer, app] = await Promise.all([api.viewer(), optional(api.client.getApplicationContext({ signal }))]);
    return { viewer, app };
  }

  async function orderLoader({ params, request }: LoaderFunctionArgs): Promise<OrderPageData> {
    const api = getApi();
    const id = params.orderSummaryId ?? '';
    if (!/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id)) throw notFound();
    const signal = request.signal;
    const [order, { app }] = await Promise.all([
      api.client.getOrderSummary(id, { signal }).catch((error: unknown) => {
        if (isNotFound(error)) throw notFound();
        throw error;
      }),
      context(api, signal),
    ]);
    const downloads = order.hasDownloads ? await optional(api.client.getOrderDownloads(id, { signal })) : null;
    return {
      order,
      downloads: downloads?.items ?? null,
      statusLabel: statusLabel(order, app?.orderStatuses ?? []),
      placed: new URL(request.url).searchParams.get('placed') === '1',
      storeCountry: app?.country || 'US',
    };
  }

  async function ordersLoader({ request }: LoaderFunctionArgs): Promise<OrdersPageData> {
    const api = getApi();
    const { viewer, app } = await context(api, request.signal);
    try {
      const list = await api.client.getOrderSummaries({ pageSize: 50, signal: request.signal });
      return {
        orders: (list.orderSummaries ?? []).map((o) => ({
          ...o,
          statusText: statusLabel(o, app?.orderStatuses ?? []),
        })),
        accountName: viewer.session.isGuest
          ? null
          : (viewer.session.effectiveAccountName ?? viewer.session.accountName),
        error: false,
      };
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { orders: [], accountName: null, error: true };
    }
  }

  async function subscriptionsLoader({ request }: LoaderFunctionArgs): Promise<SubscriptionsPageData> {
    const api = getApi();
    const viewer = await api.viewer();
    if (viewer.session.isGuest) throw redirect(loginHref(SUBSCRIPTIONS_PATH));
    try {
      const list = await api.client.getSubscriptions({ signal: request.signal });
      return { subscriptions: list.items ?? [], error: false };
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { subscriptions: [], error: true };
    }
  }

  /** The auto-renew switch: the server decides whether it may change (refusals come with their message). */
  async function subscriptionsAction({ request }: ActionFunctionArgs): Promise<SubscriptionSwitchResult> {
    const form = await request.formData();
    const subscriptionId = String(form.get('subscriptionId') ?? '');
    const autoRenew = form.get('autoRenew');
    if (autoRenew !== 'true' && autoRenew !== 'false')
      throw new Response('Unknown subscription action', { status: 400 });
    try {
      const s = await getApi().client.setSubscriptionAutoRenew(subscriptionId, autoRenew === 'true');
      const message = s.autoRenew
        ? `Auto-renew is on again for ${s.productName}.`
        : `Auto-renew is off: ${s.productName} ends on ${s.endDate ? orderDate(s.endDate) : 'the end of its term'}.`;
      return { subscriptionId, ok: true, message };
    } catch (error) {
      return { subscriptionId, ok: false, message: errorMessage(error, SWITCH_FAILED) };
    }
  }

  return [
    {
      path: ORDERS_PATH.slice(1),
      loader: ordersLoader,
      Component: OrdersRoute,
      ErrorBoundary: PageError,
      handle: privatePageHead(() => 'Orders', ORDERS_PATH),
    },
    {
      path: `${ORDERS_PATH.slice(1)}/:orderSummaryId`,
      loader: orderLoader,
      Component: OrderRoute,
      ErrorBoundary: PageError,
      handle: privatePageHead((d) => `Order ${(d as OrderPageData | undefined)?.order.orderNumber ?? ''}`.trim()),
    },
    {
      path: SUBSCRIPTIONS_PATH.slice(1),
      loader: subscriptionsLoader,
      action: subscriptionsAction,
      Component: SubscriptionsRoute,
      ErrorBoundary: PageError,
      handle: privatePageHead(() => 'My subscriptions', SUBSCRIPTIONS_PATH),
    },
  ];
}
