import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CartCompactSummary } from '@store/core';
import { ASYNC_MAX_WAIT_MESSAGE, type Clock } from './cart-async.ts';
import { createCartStore, type CartState, type CartStoreCalls } from './cart-store.ts';
import { deferred } from './test-support.ts';

const CART = '0a6000000000001AAA';
const PRODUCT = '01t000000000101AAA';

/** A clock that records every wait and returns at once (as in cart-async.test.ts). */
function fakeClock(): Clock & { waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

const summary = (
  count: number,
  status: CartCompactSummary['asyncOperationStatus'] = 'Completed',
): CartCompactSummary => ({
  cartId: count ? CART : null,
  currencyIsoCode: 'USD',
  totalProductCount: String(count),
  uniqueProductCount: count,
  asyncOperationStatus: status,
  totalProductAmount: `${count * 399}.00`,
  totalPromotionalAdjustmentAmount: '0.00',
  grandTotalAmount: `${count * 399}.00`,
});

const httpError = (status: number, errorCode: string) =>
  Object.assign(new Error(`HTTP ${status}`), { status, errors: [{ type: errorCode, message: '' }] });

/** Cart calls over an in-memory cart; every call is recorded as "name args…". */
function fakeCalls(overrides: Partial<CartStoreCalls> = {}) {
  const log: string[] = [];
  let count = 0;
  const calls: CartStoreCalls = {
    getCartCompactSummary: async () => (log.push('summary'), summary(count)),
    addItemToCart: async (cart, item) => (
      log.push(`add ${cart} ${item.productId}`), count++, { cartItemId: 'line' } as never
    ),
    addItemsToCart: async (cart, items) => (
      log.push(`batch ${cart} ${items.length}`), { hasErrors: false, results: [] }
    ),
    updateCartItem: async (cart, id, q) => (
      log.push(`update ${cart} ${id} ${q}`), { cartItemId: id, quantity: String(q) } as never
    ),
    deleteCartItem: async (cart, id) => void (log.push(`delete ${cart} ${id}`), count--),
    applyCartCoupon: async (cart, code) => (
      log.push(`coupon ${cart} ${code}`), { cartCoupons: { coupons: [] } } as never
    ),
    deleteCartCoupon: async (cart, id) => void log.push(`uncoupon ${cart} ${id}`),
    ...overrides,
  };
  return { calls, log, setCount: (n: number) => void (count = n) };
}

function watch(store: ReturnType<typeof createCartStore>) {
  const seen: CartState[] = [];
  store.subscribe((s) => seen.push(s));
  return seen;
}

test('load reads the compact summary and tells listeners; processing while it runs', async () => {
  const { calls, setCount } = fakeCalls();
  setCount(2);
  const store = createCartStore({ calls, clock: fakeClock() });
  assert.deepEqual(store.getState(), { summary: null, status: 'idle', error: null, processing: false });
  const seen = watch(store);
  const loaded = await store.load();
  assert.equal(loaded?.totalProductCount, '2');
  assert.equal(store.getState().status, 'loaded');
  assert.equal(store.getState().summary?.totalProductCount, '2');
  assert.ok(
    seen.some((s) => s.status === 'loading' && s.processing),
    'listeners saw the load in flight',
  );
  assert.equal(seen.at(-1)!.processing, false);
});

test('a Processing summary is polled on the spec schedule until it settles', async () => {
  const clock = fakeClock();
  let reads = 0;
  const { calls } = fakeCalls({
    getCartCompactSummary: async () => summary(3, ++reads < 7 ? 'Processing' : 'Completed'),
  });
  const store = createCartStore({ calls, clock });
  const seen = watch(store);
  await store.load();
  assert.equal(reads, 7);
  assert.deepEqual(clock.waits, [100, 200, 300]);
  assert.ok(
    seen.filter((s) => s.status === 'loading').every((s) => s.processing),
    'busy the whole time',
  );
  assert.equal(store.getState().summary?.asyncOperationStatus, 'Completed');
  assert.equal(store.getState().processing, false);
});

test('polling past 14 tries leaves the summary as it was and keeps the error', async () => {
  const { calls } = fakeCalls({ getCartCompactSummary: async () => summary(1, 'Processing') });
  const store = createCartStore({ calls, clock: fakeClock() });
  store.seed(summary(1));
  await store.load();
  assert.equal(store.getState().status, 'error');
  assert.equal((store.getState().error as Error).message, ASYNC_MAX_WAIT_MESSAGE);
  assert.equal(store.getState().summary?.asyncOperationStatus, 'Completed', 'the last good summary stays');
});

test('adding an item: POST to the current cart, then the summary is reloaded and listeners see the new count', async () => {
  const { calls, log } = fakeCalls();
  const store = createCartStore({ calls, clock: fakeClock() });
  store.seed(summary(0));
  const counts: string[] = [];
  store.subscribe((s) => counts.push(`${s.summary?.totalProductCount}:${s.processing}`));
  await store.addItem({ productId: PRODUCT, quantity: '1' });
  assert.deepEqual(log, [`add current ${PRODUCT}`, 'summary']);
  assert.equal(store.getState().summary?.totalProductCount, '1');
  assert.equal(counts[0], '0:true', 'busy at once');
  assert.equal(counts.at(-1), '1:false', 'the new count, no longer busy');
});

test('the processing flag holds from the start of an action until the summary after it is read', async () => {
  const hold = deferred<void>();
  const { calls } = fakeCalls({ addItemToCart: async () => (await hold.promise, { cartItemId: 'line' } as never) });
  const store = createCartStore({ calls, clock: fakeClock() });
  const adding = store.addItem({ productId: PRODUCT, quantity: 1 });
  assert.equal(store.processing.processing, true);
  assert.equal(store.getState().processing, true);
  hold.resolve();
  await adding;
  assert.equal(store.getState().processing, false);
});

test('a failed action is retried (3 × 4000 ms) before it counts as failed', async () => {
  const clock = fakeClock();
  let tries = 0;
  const { calls, log } = fakeCalls({
    addItemToCart: async () => {
      if (++tries < 3) throw httpError(503, 'SERVICE_UNAVAILABLE');
      return { cartItemId: 'line' } as never;
    },
  });
  const store = createCartStore({ calls, clock });
  await store.addItem({ productId: PRODUCT, quantity: 1 });
  assert.equal(tries, 3);
  assert.deepEqual(clock.waits, [4000, 4000]);
  assert.deepEqual(log, ['summary']);
});

test('a 409 (already in the cart) fails at once: no retry, no reload, the error reaches the caller', async () => {
  const clock = fakeClock();
  let tries = 0;
  const { calls, log } = fakeCalls({
    addItemToCart: async () => (tries++, Promise.reject(httpError(409, 'MAX_LIMIT_EXCEEDED'))),
  });
  const store = createCartStore({ calls, clock });
  await assert.rejects(store.addItem({ productId: PRODUCT, quantity: 1 }), { status: 409 });
  assert.equal(tries, 1);
  assert.deepEqual(clock.waits, []);
  assert.deepEqual(log, []);
  assert.equal(store.getState().processing, false);
});

test('a refusal about the request (4xx: bad coupon, quantity rule) is not retried; with retryClientErrors it is, as spec 02 §4 reads', async () => {
  for (const [retryClientErrors, expected] of [
    [false, 1],
    [true, 4],
  ] as const) {
    const clock = fakeClock();
    let tries = 0;
    const { calls } = fakeCalls({
      applyCartCoupon: async () => (tries++, Promise.reject(httpError(400, 'INVALID_COUPON'))),
    });
    const store = createCartStore({ calls, clock, retryClientErrors });
    await assert.rejects(store.applyCoupon('NOPE'), { status: 400 });
    assert.equal(tries, expected);
    assert.equal(clock.waits.length, expected - 1);
    assert.equal(store.getState().processing, false);
  }
});

test('line and coupon actions go to the cart the summary names (or the one given), then reload', async () => {
  const { calls, log, setCount } = fakeCalls();
  setCount(2);
  const store = createCartStore({ calls, clock: fakeClock() });
  await store.load();
  await store.updateItem('0a9000000000001AAA', '3');
  await store.removeItem('0a9000000000001AAA');
  await store.applyCoupon('SAVE10');
  await store.removeCoupon('0cC000000000001AAA', 'other-cart');
  await store.addItems([{ productId: PRODUCT, quantity: 1 }]);
  assert.deepEqual(log, [
    'summary',
    `update ${CART} 0a9000000000001AAA 3`,
    'summary',
    `delete ${CART} 0a9000000000001AAA`,
    'summary',
    `coupon ${CART} SAVE10`,
    'summary',
    'uncoupon other-cart 0cC000000000001AAA',
    'summary',
    'batch current 1',
    'summary',
  ]);
  assert.equal(store.getState().summary?.totalProductCount, '1');
});

test('a batch answered 202 Processing: the reload polls until the summary settles', async () => {
  const clock = fakeClock();
  let reads = 0;
  const { calls } = fakeCalls({
    addItemsToCart: async () => ({ hasErrors: false, results: [], asyncOperationStatus: 'Processing' }),
    getCartCompactSummary: async () => summary(40, ++reads < 5 ? 'Processing' : 'Completed'),
  });
  const store = createCartStore({ calls, clock });
  const answer = await store.addItems(
    Array.from({ length: 40 }, (_, i) => ({ productId: `01t${String(i).padStart(12, '0')}AAA`, quantity: 1 })),
  );
  assert.equal(answer.asyncOperationStatus, 'Processing');
  assert.equal(reads, 5);
  assert.deepEqual(clock.waits, [100]);
  assert.equal(store.getState().summary?.totalProductCount, '40');
});

test('a refused summary (a guest without a cart) is kept as the error; the action itself still succeeded', async () => {
  const { calls } = fakeCalls({
    getCartCompactSummary: async () => Promise.reject(httpError(401, 'INVALID_SESSION_ID')),
  });
  const store = createCartStore({ calls, clock: fakeClock() });
  await store.addItem({ productId: PRODUCT, quantity: 1 });
  assert.equal(store.getState().status, 'error');
  assert.equal((store.getState().error as { status: number }).status, 401);
});

test('only the newest load writes: an older, slower answer does not overwrite a newer one', async () => {
  const first = deferred<CartCompactSummary>();
  const answers = [first.promise, Promise.resolve(summary(5))];
  const { calls } = fakeCalls({ getCartCompactSummary: () => answers.shift()! });
  const store = createCartStore({ calls, clock: fakeClock() });
  const older = store.load();
  await store.load();
  first.resolve(summary(1));
  await older;
  assert.equal(store.getState().summary?.totalProductCount, '5');
});

test('seed starts from a known summary without a call; ensureLoaded joins a running load or reuses the loaded one', async () => {
  const { calls, log } = fakeCalls();
  const store = createCartStore({ calls, clock: fakeClock() });
  store.seed(summary(2));
  assert.equal((await store.ensureLoaded())?.totalProductCount, '2');
  assert.deepEqual(log, []);
  const fresh = createCartStore({ calls, clock: fakeClock() });
  await Promise.all([fresh.ensureLoaded(), fresh.ensureLoaded()]);
  assert.deepEqual(log, ['summary'], 'one call for two askers');
});
