// The checkout route (/checkout): its loader reads who is checking out and the store settings; the
// checkout itself starts in the browser (lib/checkout/use-checkout.ts). The loader runs on the server
// for the first page and in the browser afterwards, like every other.

import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { optional, type StoreApi } from '../../lib/api.ts';
import { addressCountries, CHECKOUT_PATH } from '../../lib/checkout/checkout-view.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { privatePageHead } from '../root/head.ts';
import type { CheckoutPageData } from '../types.ts';
import { CheckoutRoute } from './CheckoutPage.tsx';

export function createCheckoutRoute(getApi: () => StoreApi): RouteObject {
  async function context(api: StoreApi, signal: AbortSignal) {
    const [viewer, app] = await Promise.all([api.viewer(), optional(api.client.getApplicationContext({ signal }))]);
    return { viewer, app };
  }

  async function checkoutLoader({ request }: LoaderFunctionArgs): Promise<CheckoutPageData> {
    const { viewer, app } = await context(getApi(), request.signal);
    const { storeCountry, countries } = addressCountries(app);
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

  return {
    path: CHECKOUT_PATH.slice(1),
    loader: checkoutLoader,
    Component: CheckoutRoute,
    ErrorBoundary: PageError,
    handle: privatePageHead(() => 'Checkout', CHECKOUT_PATH),
  };
}
