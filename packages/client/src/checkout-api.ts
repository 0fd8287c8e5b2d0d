// Checkout calls (spec 02 §7 "Checkouts"; commerce-api §7): start, read, change and end a checkout,
// coupons within it, payment, the prepare check and placing the order. A checkout is addressed by its
// id or by 'active'. Several answers that are not 2xx still carry the resource the shopper needs:
// a 422 checkout holds its errors (ready, with a problem to fix, spec 02 §4), a declined payment (422)
// or a gateway failure (502) holds the CheckoutPayment with its errors. Those come back as answers with
// their status; every other refusal is thrown as CommerceFetchError (./errors.ts), as elsewhere.

import {
  effectiveAccountIdOrNull,
  IDEMPOTENCY_KEY_HEADER,
  type CartCouponCollection,
  type Checkout,
  type CheckoutAddressInput,
  type CheckoutPayment,
  type ContactInfo,
  type PaymentRequest,
  type PlaceOrderResult,
  type PrepareOrderResult,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import { CommerceFetchError } from './errors.ts';
import type { Http, HttpRequest } from './http.ts';
import { requireId, requireText } from './validate.ts';

/** The live checkout of the shopper's cart, by state name. */
export const ACTIVE_CHECKOUT = 'active';

export interface CheckoutCallOptions extends CallOptions {
  /** Spec 02 §1: added whenever one is set. The server otherwise uses the session's account. */
  effectiveAccountId?: string;
}

/** A checkout with the HTTP status it came with: 200 ready, 202 still working (reload), 422 ready with errors. */
export interface CheckoutAnswer {
  status: number;
  checkout: Checkout;
}

/** A payment's outcome with its status: 200 Success, 422 Decline or ValidationError, 502 SystemError. */
export interface PaymentAnswer {
  status: number;
  payment: CheckoutPayment;
}

/** PATCH checkouts takes one group of fields per call. */
export type CheckoutChange =
  | { contactInfo: Partial<ContactInfo> }
  | { deliveryAddress: CheckoutAddressInput; desiredDeliveryDate?: string | null; shippingInstructions?: string | null }
  | { deliveryMethodId: string };

export interface PlaceOrderOptions extends CheckoutCallOptions {
  /** Sent as Idempotency-Key: the same key on a retry returns the order already placed. */
  idempotencyKey?: string;
}

export interface CheckoutCalls {
  /** PUT checkouts {cartId}: starts the checkout of the cart, or finds the live one (202). 401 for guests where guest checkout is off. */
  startCheckout(cartId?: string, options?: CheckoutCallOptions): Promise<CheckoutAnswer>;
  /** GET checkouts/{id|active}: 200, 202 or 422 as answers; 410 (placed) and 404 are thrown. */
  getCheckout(checkoutIdOrActive: string, options?: CheckoutCallOptions): Promise<CheckoutAnswer>;
  /** PATCH checkouts/{id} with one of contact details, the delivery address (and its date/instructions), or the delivery method (202). */
  updateCheckout(checkoutId: string, change: CheckoutChange, options?: CheckoutCallOptions): Promise<CheckoutAnswer>;
  /** DELETE checkouts/{id} (204). */
  deleteCheckout(checkoutIdOrActive: string, options?: CheckoutCallOptions): Promise<void>;
  /** POST checkouts/{id}/coupons (201). */
  applyCheckoutCoupon(
    checkoutId: string,
    couponCode: string,
    options?: CheckoutCallOptions,
  ): Promise<CartCouponCollection>;
  /** DELETE checkouts/{id}/coupons/{cartCouponId} (204). */
  deleteCheckoutCoupon(checkoutId: string, cartCouponId: string, options?: CheckoutCallOptions): Promise<void>;
  /** POST checkouts/{id}/payments: a gateway token or a purchase order number; never a card number. */
  payCheckout(checkoutId: string, request: PaymentRequest, options?: CheckoutCallOptions): Promise<PaymentAnswer>;
  /** POST checkouts/{id}/orders/actions/prepare: can it become an order now, and if not why. */
  prepareOrder(checkoutId: string, options?: CheckoutCallOptions): Promise<PrepareOrderResult>;
  /** POST checkouts/{id}/orders (201), with the Idempotency-Key header when a key is given. */
  placeOrder(checkoutId: string, options?: PlaceOrderOptions): Promise<PlaceOrderResult>;
}

const account = (id: string | undefined) => effectiveAccountIdOrNull(id) ?? undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCheckoutBody = (v: unknown): v is Checkout => isObject(v) && typeof v.checkoutId === 'string';
const isPaymentBody = (v: unknown): v is CheckoutPayment => isObject(v) && typeof v.salesforceResultCode === 'string';

/** A card number must never leave the browser: refuse anything that looks like one before sending. */
function assertNoCardNumber(request: PaymentRequest): void {
  if (request.requestType === 'SimplePurchaseOrder') return;
  const token = request.paymentToken ?? '';
  if (/^[\d\s-]{12,}$/.test(token.trim()))
    throw new TypeError("'paymentToken' must be a gateway token, never a card number.");
}

export function createCheckoutCalls(http: Http): CheckoutCalls {
  const ws = http.webstorePath;
  const checkout = (id: unknown, ...rest: string[]) => ws('checkouts', requireId(id, 'checkoutId'), ...rest);

  async function send<T>(req: HttpRequest & { effectiveAccountId?: string }) {
    const { effectiveAccountId, ...rest } = req;
    return http.request<T>({ ...rest, query: { ...rest.query, effectiveAccountId: account(effectiveAccountId) } });
  }
  const opts = (o: CheckoutCallOptions) => ({ signal: o.signal, effectiveAccountId: o.effectiveAccountId });

  /** A checkout answer, also when it came as a 422 with the checkout in the body. */
  async function checkoutAnswer(req: HttpRequest & { effectiveAccountId?: string }): Promise<CheckoutAnswer> {
    try {
      const res = await send<Checkout>(req);
      return { status: res.status, checkout: res.data };
    } catch (error) {
      if (error instanceof CommerceFetchError && error.status === 422 && isCheckoutBody(error.body))
        return { status: 422, checkout: error.body };
      throw error;
    }
  }

  return {
    startCheckout: (cartId = 'active', o = {}) =>
      checkoutAnswer({
        method: 'PUT',
        path: ws('checkouts'),
        body: { cartId: requireId(cartId, 'cartId') },
        ...opts(o),
      }),

    getCheckout: (id, o = {}) => checkoutAnswer({ path: checkout(id), ...opts(o) }),

    updateCheckout(id, change, o = {}) {
      if (!isObject(change)) throw new TypeError("'change' is required and must be an object.");
      const groups = ['contactInfo' in change, 'deliveryAddress' in change, 'deliveryMethodId' in change].filter(
        Boolean,
      ).length;
      if (groups !== 1)
        throw new TypeError("Send exactly one of 'contactInfo', 'deliveryAddress' or 'deliveryMethodId'.");
      if ('deliveryMethodId' in change) requireId(change.deliveryMethodId, 'deliveryMethodId');
      return checkoutAnswer({ method: 'PATCH', path: checkout(id), body: change, ...opts(o) });
    },

    async deleteCheckout(id, o = {}) {
      await send<undefined>({ method: 'DELETE', path: checkout(id), ...opts(o) });
    },

    async applyCheckoutCoupon(id, couponCode, o = {}) {
      const body = { couponCode: requireText(couponCode, 'couponCode').trim() };
      return (await send<CartCouponCollection>({ method: 'POST', path: checkout(id, 'coupons'), body, ...opts(o) }))
        .data;
    },

    async deleteCheckoutCoupon(id, cartCouponId, o = {}) {
      await send<undefined>({
        method: 'DELETE',
        path: checkout(id, 'coupons', requireId(cartCouponId, 'cartCouponId')),
        ...opts(o),
      });
    },

    async payCheckout(id, request, o = {}) {
      if (!isObject(request)) throw new TypeError("'request' is required and must be an object.");
      requireText(request.requestType, 'requestType');
      assertNoCardNumber(request);
      try {
        const res = await send<CheckoutPayment>({
          method: 'POST',
          path: checkout(id, 'payments'),
          body: request,
          ...opts(o),
        });
        return { status: res.status, payment: res.data };
      } catch (error) {
        // A decline (422), a check that failed (422) or the gateway's failure (502) carry the payment's answer.
        if (error instanceof CommerceFetchError && isPaymentBody(error.body))
          return { status: error.status, payment: error.body };
        throw error;
      }
    },

    async prepareOrder(id, o = {}) {
      return (
        await send<PrepareOrderResult>({
          method: 'POST',
          path: checkout(id, 'orders', 'actions', 'prepare'),
          ...opts(o),
        })
      ).data;
    },

    async placeOrder(id, o = {}) {
      const headers: Record<string, string> = {};
      if (o.idempotencyKey !== undefined)
        headers[IDEMPOTENCY_KEY_HEADER] = requireText(o.idempotencyKey, 'idempotencyKey').trim();
      return (await send<PlaceOrderResult>({ method: 'POST', path: checkout(id, 'orders'), headers, ...opts(o) })).data;
    },
  };
}
