// The checkout page's data and actions in the browser. The checkout is started once the page has
// hydrated (the server render shows the loading shell): @store/client's checkout flow applies spec 02 §4
// (start, delete + start once more on 410/422, reload while 202, the id in session storage, orderPlaced).
// Each change (contact, address, method, coupon, payment) is followed by a reload of the ready checkout,
// so the totals on the page are always the server's.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CommerceFetchError,
  createCheckoutFlow,
  isAbortError,
  type CheckoutChange,
  type CheckoutFlow,
} from '@store/client';
import type { CartCoupon, CartItemResult, Checkout, PaymentRequest, PlaceOrderResult } from '@store/core';
import type { StoreApi } from '../api.ts';
import { CART_ITEMS_QUERY } from '../cart/cart-view.ts';
import { CHECKOUT_TEXT, paymentProblem } from './checkout-view.ts';
import { errorCode, errorMessage } from '../errors.ts';

export type CheckoutPhase =
  | { kind: 'loading' }
  | { kind: 'ready' }
  /** 401: the store wants a login (guest checkout off). */
  | { kind: 'login' }
  | { kind: 'empty'; message: string }
  | { kind: 'failed'; message: string };

export interface ActionOutcome {
  ok: boolean;
  message?: string;
}

export interface CheckoutModel {
  phase: CheckoutPhase;
  checkout: Checkout | null;
  lines: CartItemResult[];
  coupons: CartCoupon[];
  /** The answer was a 422: ready, with problems (stock) the shopper must fix. */
  problems: Checkout['errors'];
  reload(): Promise<void>;
  update(change: CheckoutChange): Promise<ActionOutcome>;
  applyCoupon(code: string): Promise<ActionOutcome>;
  removeCoupon(cartCouponId: string): Promise<ActionOutcome>;
  pay(request: PaymentRequest): Promise<ActionOutcome>;
  placeOrder(): Promise<ActionOutcome & { result?: PlaceOrderResult }>;
}

const failure = (error: unknown, fallback?: string): ActionOutcome => ({
  ok: false,
  message: errorMessage(error, fallback),
});

export function useCheckout(api: StoreApi | null, enabled: boolean): CheckoutModel {
  const [phase, setPhase] = useState<CheckoutPhase>({ kind: 'loading' });
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [status, setStatus] = useState(200);
  const [lines, setLines] = useState<CartItemResult[]>([]);
  const [coupons, setCoupons] = useState<CartCoupon[]>([]);
  const flow = useMemo<CheckoutFlow | null>(() => (api ? createCheckoutFlow({ calls: api.client }) : null), [api]);
  const idRef = useRef<string | null>(null);

  /** The lines and coupons of the checkout's cart (the checkout itself carries only the summary). */
  const loadLines = useCallback(
    async (cartId: string | null) => {
      if (!api || !cartId) return;
      try {
        const cart = await api.client.getCartItems(cartId, { ...CART_ITEMS_QUERY, pageSize: 100 });
        setLines(cart.cartItems ?? []);
        setCoupons(cart.cartCoupons?.cartCoupons?.coupons ?? []);
      } catch {
        // The review still shows the totals.
      }
    },
    [api],
  );

  const show = useCallback(
    async (answer: { status: number; checkout: Checkout }) => {
      idRef.current = answer.checkout.checkoutId;
      setCheckout(answer.checkout);
      setStatus(answer.status);
      setPhase({ kind: 'ready' });
      await loadLines(answer.checkout.cartSummary?.cartId ?? null);
    },
    [loadLines],
  );

  const start = useCallback(async () => {
    if (!flow) return;
    setPhase({ kind: 'loading' });
    try {
      await show(await flow.ensureCheckout());
    } catch (error) {
      if (isAbortError(error)) return;
      const status = error instanceof CommerceFetchError ? error.status : null;
      if (status === 401) setPhase({ kind: 'login' });
      else if (status === 400 || status === 404) setPhase({ kind: 'empty', message: CHECKOUT_TEXT.empty });
      else setPhase({ kind: 'failed', message: errorMessage(error, CHECKOUT_TEXT.loadFailed) });
    }
  }, [flow, show]);

  useEffect(() => {
    if (enabled) void start();
  }, [enabled, start]);

  /** The ready checkout again; a checkout that ended meanwhile (410) starts afresh. */
  const reload = useCallback(async () => {
    if (!flow || !idRef.current) return start();
    try {
      await show(await flow.loadUntilReady(idRef.current));
    } catch (error) {
      if (error instanceof CommerceFetchError && (error.status === 410 || error.status === 404)) return start();
      setPhase({ kind: 'failed', message: errorMessage(error, CHECKOUT_TEXT.loadFailed) });
    }
  }, [flow, show, start]);

  const update = useCallback(
    async (change: CheckoutChange): Promise<ActionOutcome> => {
      if (!api || !idRef.current) return { ok: false };
      try {
        await api.client.updateCheckout(idRef.current, change);
      } catch (error) {
        return failure(error);
      }
      await reload();
      return { ok: true };
    },
    [api, reload],
  );

  const applyCoupon = useCallback(
    async (code: string): Promise<ActionOutcome> => {
      if (!api || !idRef.current) return { ok: false };
      try {
        await api.client.applyCheckoutCoupon(idRef.current, code);
      } catch (error) {
        return failure(error);
      }
      await reload();
      return { ok: true };
    },
    [api, reload],
  );

  const removeCoupon = useCallback(
    async (cartCouponId: string): Promise<ActionOutcome> => {
      if (!api || !idRef.current) return { ok: false };
      try {
        await api.client.deleteCheckoutCoupon(idRef.current, cartCouponId);
      } catch (error) {
        return failure(error);
      }
      await reload();
      return { ok: true };
    },
    [api, reload],
  );

  const pay = useCallback(
    async (request: PaymentRequest): Promise<ActionOutcome> => {
      if (!api || !idRef.current) return { ok: false };
      let answer: Awaited<ReturnType<typeof api.client.payCheckout>>;
      try {
        answer = await api.client.payCheckout(idRef.current, request);
      } catch (error) {
        return failure(error, CHECKOUT_TEXT.paymentFailed);
      }
      const { payment } = answer;
      if (payment.salesforceResultCode !== 'Success') {
        const fallback =
          payment.salesforceResultCode === 'Decline' ? CHECKOUT_TEXT.declinedFallback : CHECKOUT_TEXT.paymentFailed;
        // A failed payment may have replaced nothing, or voided the previous one: show what the server holds.
        void reload();
        return { ok: false, message: paymentProblem(payment.errors ?? [], fallback) };
      }
      await reload();
      return { ok: true };
    },
    [api, reload],
  );

  const placeOrder = useCallback(async () => {
    if (!flow || !idRef.current || !checkout?.payment) return { ok: false, message: CHECKOUT_TEXT.notReady };
    try {
      const result = await flow.placeOrder(idRef.current, checkout.payment.paymentId);
      return { ok: true, result };
    } catch (error) {
      const code = errorCode(error);
      // The cart changed after payment, or stock ran out: the checkout now says what to fix.
      void reload();
      if (code === 'CHECKOUT_CONFLICT') return { ok: false, message: CHECKOUT_TEXT.payAgain };
      return failure(error, CHECKOUT_TEXT.paymentFailed);
    }
  }, [flow, checkout, reload]);

  return {
    phase,
    checkout,
    lines,
    coupons,
    problems: status === 422 ? (checkout?.errors ?? []) : [],
    reload,
    update,
    applyCoupon,
    removeCoupon,
    pay,
    placeOrder,
  };
}
