// The cart page's route (/cart): its loader (server render and browser alike) and its action (browser
// only: quantity, remove, coupons). Actions go through the page's cart store, so each is retried per
// spec 02 §4, counted as processing and followed by a fresh summary for the header badge; the router
// then reloads the page's data.

import { CommerceFetchError, isAbortError } from '@store/client';
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { cartActionMessage, cartErrorOf } from '../../lib/cart/cart-errors.ts';
import { CART_ITEMS_QUERY } from '../../lib/cart/cart-view.ts';
import { loadGiftOffer } from '../../lib/cart/gift.ts';
import { loadCartStrip } from '../../lib/cart/recommendation-strip.ts';
import { errorMessage } from '../../lib/errors.ts';
import { FORM_MESSAGES } from '../../lib/forms.ts';
import { withStoreName, type RouteHandle } from '../root/head.ts';
import { CartRoute } from './CartPage.tsx';
import { PageError } from '../root/ErrorPage.tsx';
import type { CartActionResult, CartData, CartIntent, HeadData } from '../types.ts';
import { CART_PATH } from '../../lib/links.ts';

const isIntent = (v: unknown): v is CartIntent =>
  v === 'update' || v === 'remove' || v === 'apply-coupon' || v === 'remove-coupon' || v === 'gift-options';
const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

export function createCartRoute(getApi: () => StoreApi): RouteObject {
  async function cartLoader({ request }: LoaderFunctionArgs): Promise<CartData> {
    const api = getApi();
    const signal = request.signal;
    try {
      // The summary first: a shopper without a cart (cartId null) costs one call and sees the empty state.
      const current = await api.client.getCurrentCart({ signal });
      if (!current.cartId) return { kind: 'empty' };
      if (current.asyncOperationStatus === 'Processing') return { kind: 'processing' };
      const cart = await api.client.getCartItems(current.cartId, { ...CART_ITEMS_QUERY, pageNumber: 1, signal });
      if (!cart.cartItems?.length) return { kind: 'empty' };
      // The strip beside the gift offer: neither waits for the other, and a failed strip is just not shown.
      const [gift, recommendations] = await Promise.all([
        loadGiftOffer(api, cart.cartSummary, signal),
        loadCartStrip(api, signal).catch((error: unknown) => {
          if (isAbortError(error)) throw error;
          return null;
        }),
      ]);
      return { kind: 'cart', cart, gift, recommendations };
    } catch (error) {
      if (isAbortError(error)) throw error;
      // 409 CART_PROCESSING: an operation started between the two calls; the page waits for it.
      if (cartErrorOf(error).code === 'CART_PROCESSING') return { kind: 'processing' };
      return { kind: 'error', status: error instanceof CommerceFetchError ? error.status : null };
    }
  }

  async function cartAction({ request }: ActionFunctionArgs): Promise<CartActionResult> {
    const form = await request.formData();
    const intent = form.get('intent');
    if (!isIntent(intent)) throw new Response('Unknown cart action', { status: 400 });
    const cartId = text(form, 'cartId') || undefined;
    const store = getApi().cart();
    if (intent === 'gift-options') return saveGiftOptions(form, cartId);
    const target =
      intent === 'apply-coupon' ? null : text(form, intent === 'remove-coupon' ? 'cartCouponId' : 'cartItemId');
    try {
      if (intent === 'update') await store.updateItem(target!, text(form, 'quantity'), cartId);
      else if (intent === 'remove') await store.removeItem(target!, cartId);
      else if (intent === 'remove-coupon') await store.removeCoupon(target!, cartId);
      else {
        const code = text(form, 'couponCode');
        if (!code) return { intent, target, ok: false, error: FORM_MESSAGES.valueMissing };
        await store.applyCoupon(code, cartId);
      }
      return { intent, target, ok: true };
    } catch (error) {
      // Coupon refusals (INVALID_COUPON, more than two) come with a message written for the shopper.
      const message =
        intent === 'apply-coupon' ? errorMessage(error, cartActionMessage(error)) : cartActionMessage(error);
      return { intent, target, ok: false, error: message };
    }
  }

  /** A checkbox is sent only when ticked, so `wrapShown` says the box was there; an absent field is left alone. */
  async function saveGiftOptions(form: FormData, cartId: string | undefined): Promise<CartActionResult> {
    const message = form.get('giftMessage');
    const toName = form.get('giftToName');
    try {
      await getApi().client.setCartGiftOptions(cartId ?? 'current', {
        ...(form.has('wrapShown') ? { giftWrap: form.get('giftWrap') === 'true' } : {}),
        ...(typeof message === 'string' ? { giftMessage: message } : {}),
        ...(typeof toName === 'string' ? { giftToName: toName } : {}),
      });
      return { intent: 'gift-options', target: null, ok: true };
    } catch (error) {
      return { intent: 'gift-options', target: null, ok: false, error: errorMessage(error, cartActionMessage(error)) };
    }
  }

  const handle: RouteHandle = {
    head: (_d, site): HeadData => ({
      title: withStoreName('Cart', site),
      description: site.storeName ? `Your cart at ${site.storeName}.` : 'Your cart.',
      canonicalPath: CART_PATH,
      robots: 'noindex',
    }),
  };

  return {
    path: 'cart',
    loader: cartLoader,
    action: cartAction,
    Component: CartRoute,
    ErrorBoundary: PageError,
    handle,
  };
}
