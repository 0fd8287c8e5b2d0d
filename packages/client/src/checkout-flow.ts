// The checkout rules of spec 02 §4 on the client, apart from any screen:
// - a checkout is ready at 200 or 422; a 202 (accepted, still working) reloads it, on the cart's polling
//   schedule (./cart-async.ts pollDelay), failing with "async maximum wait exceeded" past the limit;
// - starting a checkout that answers 410 or 422 deletes the old one and starts once more;
// - the active checkout id is kept in session storage (core CHECKOUT_SESSION_KEY);
// - placing the order clears that id and signals orderPlaced (a window CustomEvent 'orderPlaced' the
//   header's cart badge listens to).
// Plus the place-order Idempotency-Key: one per checkout and payment, kept in session storage so a retry
// (a lost answer, a reload) sends the same key and gets the same order back.

import { CHECKOUT_SESSION_KEY, isCheckoutReady, shouldRestartCheckout, type PlaceOrderResult } from '@store/core';
import { ACTIVE_CHECKOUT, type CheckoutAnswer, type CheckoutCallOptions, type CheckoutCalls } from './checkout-api.ts';
import { AsyncMaxWaitError, CART_ASYNC, pollDelay, realClock, type Clock } from './cart-async.ts';
import { CommerceFetchError } from './errors.ts';
import type { StorageLike } from './session-storage.ts';

/** The name of the event placing an order fires (spec 02 §4 "signals orderPlaced"). */
export const ORDER_PLACED_EVENT = 'orderPlaced';
/** Session storage key of the place-order idempotency key and what it was made for (ours). */
export const IDEMPOTENCY_SESSION_KEY = 'store.checkout.idempotency';

export type CheckoutFlowCalls = Pick<CheckoutCalls, 'startCheckout' | 'getCheckout' | 'deleteCheckout' | 'placeOrder'>;

export interface CheckoutFlowOptions {
  calls: CheckoutFlowCalls;
  /** Session storage by default (none in Node: nothing is remembered). */
  storage?: StorageLike | null;
  /** Where orderPlaced is dispatched; the window by default. */
  events?: EventTarget | null;
  clock?: Clock;
  /** Makes idempotency keys; crypto.randomUUID by default. */
  randomId?: () => string;
}

export interface CheckoutFlow {
  /** The id kept in session storage, or null. */
  storedCheckoutId(): string | null;
  /**
   * The shopper's live checkout, ready (200 or 422): starts it (or finds it), deleting and starting once
   * more on 410/422, then reloads while it answers 202. The id is remembered.
   */
  ensureCheckout(options?: CheckoutCallOptions): Promise<CheckoutAnswer>;
  /** Reads the checkout, reloading while it answers 202; fails with AsyncMaxWaitError past the poll limit. */
  loadUntilReady(checkoutIdOrActive: string, options?: CheckoutCallOptions): Promise<CheckoutAnswer>;
  /** The key for placing this checkout's order with this payment: the same until either changes. */
  idempotencyKey(checkoutId: string, paymentId: string): string;
  /** Places the order with the idempotency key, then forgets the checkout and signals orderPlaced. */
  placeOrder(checkoutId: string, paymentId: string, options?: CheckoutCallOptions): Promise<PlaceOrderResult>;
  /** Clears the stored id and key and dispatches orderPlaced with the result as its detail. */
  orderPlaced(result: PlaceOrderResult): void;
  /** Forget the stored checkout (it ended some other way). */
  forget(): void;
}

function browserSessionStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): nothing is remembered
  }
}

function browserEvents(): EventTarget | null {
  return typeof window !== 'undefined' && typeof window.dispatchEvent === 'function' ? window : null;
}

/** RFC 4122 version 4, from crypto.randomUUID where the page has it (secure contexts), else from random bytes. */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createCheckoutFlow(options: CheckoutFlowOptions): CheckoutFlow {
  const { calls, clock = realClock, randomId = randomUuid } = options;
  const storage = options.storage === undefined ? browserSessionStorage() : options.storage;
  const events = options.events === undefined ? browserEvents() : options.events;

  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // a full or refused storage only costs the memory of the id
    }
  };

  async function loadUntilReady(id: string, o: CheckoutCallOptions = {}): Promise<CheckoutAnswer> {
    for (let attempt = 1; attempt <= CART_ASYNC.pollLimit; attempt++) {
      const wait = pollDelay(attempt);
      if (wait) await clock.sleep(wait);
      const answer = await calls.getCheckout(id, o);
      if (isCheckoutReady(answer.status)) return answer;
    }
    throw new AsyncMaxWaitError();
  }

  /** The start's answer, or the status it was refused with (410 comes as an error list). */
  async function start(o: CheckoutCallOptions): Promise<CheckoutAnswer | { status: number; checkout: null }> {
    try {
      return await calls.startCheckout(ACTIVE_CHECKOUT, o);
    } catch (error) {
      if (error instanceof CommerceFetchError && shouldRestartCheckout(error.status))
        return { status: error.status, checkout: null };
      throw error;
    }
  }

  const flow: CheckoutFlow = {
    storedCheckoutId: () => read(CHECKOUT_SESSION_KEY),

    async ensureCheckout(o = {}) {
      let answer = await start(o);
      if (shouldRestartCheckout(answer.status)) {
        // Spec 02 §4: the old checkout is deleted and the start tried once more.
        const old = answer.checkout?.checkoutId ?? flow.storedCheckoutId() ?? ACTIVE_CHECKOUT;
        try {
          await calls.deleteCheckout(old, o);
        } catch (error) {
          if (!(error instanceof CommerceFetchError) || (error.status !== 404 && error.status !== 410)) throw error;
        }
        write(CHECKOUT_SESSION_KEY, null);
        answer = await start(o);
        if (!answer.checkout) throw new CommerceFetchError({ url: '', status: answer.status, statusText: '' });
      }
      const started = answer as CheckoutAnswer;
      write(CHECKOUT_SESSION_KEY, started.checkout.checkoutId);
      return isCheckoutReady(started.status) ? started : loadUntilReady(started.checkout.checkoutId, o);
    },

    loadUntilReady,

    idempotencyKey(checkoutId, paymentId) {
      const made = `${checkoutId}:${paymentId}`;
      try {
        const kept = JSON.parse(read(IDEMPOTENCY_SESSION_KEY) ?? 'null') as { for?: string; key?: string } | null;
        if (kept?.for === made && typeof kept.key === 'string' && kept.key) return kept.key;
      } catch {
        // unreadable: make a new one
      }
      const key = randomId();
      write(IDEMPOTENCY_SESSION_KEY, JSON.stringify({ for: made, key }));
      return key;
    },

    async placeOrder(checkoutId, paymentId, o = {}) {
      const result = await calls.placeOrder(checkoutId, {
        ...o,
        idempotencyKey: flow.idempotencyKey(checkoutId, paymentId),
      });
      flow.orderPlaced(result);
      return result;
    },

    orderPlaced(result) {
      flow.forget();
      if (events && typeof CustomEvent === 'function')
        events.dispatchEvent(new CustomEvent(ORDER_PLACED_EVENT, { detail: result }));
    },

    forget() {
      write(CHECKOUT_SESSION_KEY, null);
      write(IDEMPOTENCY_SESSION_KEY, null);
    },
  };
  return flow;
}
