// The checkout and order routes: /checkout (its loader reads who is checking out and the store settings;
// the checkout itself starts in the browser), /orders (history), /orders/:orderSummaryId (the order and the
// confirmation after placing it, with its download links) and /subscriptions (logged-in shoppers only).
// The loaders run on the server for the first page and in the browser afterwards, like every other.

import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isAbortError } from '@store/client';
import { isNotFound, optional, type StoreApi } from './lib/api.ts';
import { CHECKOUT_PATH, ORDERS_PATH, statusLabel, SUBSCRIPTIONS_PATH } from './lib/checkout-view.ts';
import type { RouteHandle } from './lib/head.ts';
import { loginHref } from './lib/return-url.ts';
import { CheckoutRoute } from './pages/CheckoutPage.tsx';
import { PageError } from './pages/ErrorPage.tsx';
import { STORE_NAME } from './pages/Layout.tsx';
import { OrderRoute } from './pages/OrderPage.tsx';
import { OrdersRoute } from './pages/OrdersPage.tsx';
import { SubscriptionsRoute } from './pages/SubscriptionsPage.tsx';
import type {
  CheckoutPageData,
  HeadData,
  OrderPageData,
  OrdersPageData,
  SubscriptionsPageData,
} from './pages/types.ts';

const head = (title: (d: unknown) => string, canonicalPath?: string): RouteHandle => ({
  head: (d): HeadData => ({
    title: `${title(d)} | ${STORE_NAME}`,
    description: `${title(d)} at ${STORE_NAME}.`,
    canonicalPath,
    robots: 'noindex',
  }),
});

export function createCheckoutRoutes(getApi: () => StoreApi): RouteObject[] {
  async function context(api: StoreApi, signal: AbortSignal) {
    const [viewer, app] = await Promise.all([api.viewer(), optional(api.client.getApplicationContext({ signal }))]);
    return { viewer, app };
  }

  async function checkoutLoader({ request }: LoaderFunctionArgs): Promise<CheckoutPageData> {
    const { viewer, app } = await context(getApi(), request.signal);
    const storeCountry = app?.country || 'US';
    const countries = app?.shippingCountries?.length ? [...app.shippingCountries] : [storeCountry];
    // The store's own country first: most shoppers live there.
    countries.sort((a, b) => (a === storeCountry ? -1 : b === storeCountry ? 1 : 0));
    return {
      isGuest: viewer.session.isGuest,
      // Unknown settings: the server's own check still holds, so the page does not guess "off".
      guestCheckoutEnabled: app?.guestCheckoutEnabled !== false,
      // Our reading of "a buyer acting for an account": a logged-in user who may act for more than one account.
      canUsePurchaseOrder:
        !viewer.session.isGuest && !!viewer.session.effectiveAccountId && viewer.managedAccounts.length > 1,
      shippingCountries: countries,
      storeCountry,
    };
  }

  async function orderLoader({ params, request }: LoaderFunctionArgs): Promise<OrderPageData> {
    const api = getApi();
    const id = params.orderSummaryId ?? '';
    if (!/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id)) throw data(null, { status: 404, statusText: 'Not Found' });
    const signal = request.signal;
    const [order, { app }] = await Promise.all([
      api.client.getOrderSummary(id, { signal }).catch((error: unknown) => {
        if (isNotFound(error)) throw data(null, { status: 404, statusText: 'Not Found' });
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

  return [
    {
      path: CHECKOUT_PATH.slice(1),
      loader: checkoutLoader,
      Component: CheckoutRoute,
      ErrorBoundary: PageError,
      handle: head(() => 'Checkout', CHECKOUT_PATH),
    },
    {
      path: ORDERS_PATH.slice(1),
      loader: ordersLoader,
      Component: OrdersRoute,
      ErrorBoundary: PageError,
      handle: head(() => 'Orders', ORDERS_PATH),
    },
    {
      path: `${ORDERS_PATH.slice(1)}/:orderSummaryId`,
      loader: orderLoader,
      Component: OrderRoute,
      ErrorBoundary: PageError,
      handle: head((d) => `Order ${(d as OrderPageData | undefined)?.order.orderNumber ?? ''}`.trim()),
    },
    {
      path: SUBSCRIPTIONS_PATH.slice(1),
      loader: subscriptionsLoader,
      Component: SubscriptionsRoute,
      ErrorBoundary: PageError,
      handle: head(() => 'My subscriptions', SUBSCRIPTIONS_PATH),
    },
  ];
}
