import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECKOUT_SESSION_KEY } from '@store/core';
import { createCommerceClient } from './api.ts';
import { ASYNC_MAX_WAIT_MESSAGE } from './cart-async.ts';
import { createCheckoutFlow, IDEMPOTENCY_SESSION_KEY, ORDER_PLACED_EVENT } from './checkout-flow.ts';
import { createMemoryStorage } from './session-storage.ts';
import { json, pathOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const OLD = '2z9000000000001AAA';
const NEW = '2z9000000000002AAA';
const ORDER = {
  orderReferenceNumber: 'DD-00001001',
  orderSummaryId: '801000000000001AAA',
  salesOrderId: '801000000000001AAA',
  errors: [],
};

function setup(respond: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
  const storage = createMemoryStorage();
  const events = new EventTarget();
  const slept: number[] = [];
  let n = 0;
  const flow = createCheckoutFlow({
    calls: client,
    storage,
    events,
    clock: { sleep: async (ms) => void slept.push(ms) },
    randomId: () => `key-${++n}`,
  });
  return {
    flow,
    calls,
    storage,
    events,
    slept,
    route: (c: { method: string; url: string }) => `${c.method} ${pathOf(c.url).replace(/^.*webstores\/[^/]+\//, '')}`,
  };
}
const co = (id: string, status: number) => json({ checkoutId: id, checkoutStatus: status, errors: [] }, { status });

describe('ensureCheckout (spec 02 §4)', () => {
  it('starts (202), reloads until ready (200), and keeps the id in session storage', async () => {
    const gets = [202, 202, 200];
    const { flow, calls, storage, route } = setup((c) => (c.method === 'PUT' ? co(NEW, 202) : co(NEW, gets.shift()!)));
    const answer = await flow.ensureCheckout();
    assert.equal(answer.status, 200);
    assert.deepEqual(calls.map(route), [
      'PUT checkouts',
      `GET checkouts/${NEW}`,
      `GET checkouts/${NEW}`,
      `GET checkouts/${NEW}`,
    ]);
    assert.equal(storage.getItem(CHECKOUT_SESSION_KEY), NEW);
    assert.equal(flow.storedCheckoutId(), NEW);
  });

  it('a 422 is ready (with errors): no more reloads', async () => {
    const { flow, calls } = setup((c) => (c.method === 'PUT' ? co(NEW, 202) : co(NEW, 422)));
    assert.equal((await flow.ensureCheckout()).status, 422);
    assert.equal(calls.length, 2);
  });

  it('a start answering 410 deletes the old checkout and starts once more', async () => {
    const puts = [json([{ errorCode: 'CHECKOUT_COMPLETED', message: 'gone' }], { status: 410 }), co(NEW, 202)];
    const { flow, calls, storage, route } = setup((c) =>
      c.method === 'PUT' ? puts.shift()! : c.method === 'DELETE' ? new Response(null, { status: 204 }) : co(NEW, 200),
    );
    storage.setItem(CHECKOUT_SESSION_KEY, OLD);
    assert.equal((await flow.ensureCheckout()).checkout.checkoutId, NEW);
    assert.deepEqual(calls.map(route), [
      'PUT checkouts',
      `DELETE checkouts/${OLD}`,
      'PUT checkouts',
      `GET checkouts/${NEW}`,
    ]);
    assert.equal(storage.getItem(CHECKOUT_SESSION_KEY), NEW);
  });

  it('a start answering 422 deletes that checkout and starts once more; only once', async () => {
    const { flow, calls, route } = setup((c) =>
      c.method === 'PUT' ? co(OLD, 422) : new Response(null, { status: 204 }),
    );
    const answer = await flow.ensureCheckout();
    assert.equal(answer.status, 422, 'the second answer stands: ready, with its errors to show');
    assert.deepEqual(
      calls.map(route),
      ['PUT checkouts', `DELETE checkouts/${OLD}`, 'PUT checkouts'],
      'one retry, not a loop',
    );
  });

  it('gives up past the poll limit with "async maximum wait exceeded", on the cart schedule', async () => {
    const { flow, slept } = setup((c) => (c.method === 'PUT' ? co(NEW, 202) : co(NEW, 202)));
    await assert.rejects(flow.ensureCheckout(), (e: Error) => e.message === ASYNC_MAX_WAIT_MESSAGE);
    assert.deepEqual(slept.slice(0, 6), [100, 200, 300, 400, 750, 1500]);
  });
});

describe('placing the order', () => {
  it('one idempotency key per checkout and payment, reused on a retry, new for a new payment', () => {
    const { flow } = setup(() => json({}));
    const first = flow.idempotencyKey(NEW, 'pay-1');
    assert.equal(flow.idempotencyKey(NEW, 'pay-1'), first);
    assert.notEqual(flow.idempotencyKey(NEW, 'pay-2'), first);
  });

  it('sends the key; afterwards the stored id and key are gone and orderPlaced fired with the result', async () => {
    const { flow, calls, storage, events } = setup(() => json(ORDER, { status: 201 }));
    storage.setItem(CHECKOUT_SESSION_KEY, NEW);
    const heard: unknown[] = [];
    events.addEventListener(ORDER_PLACED_EVENT, (e) => heard.push((e as CustomEvent).detail));
    const retryKey = flow.idempotencyKey(NEW, 'pay-1');
    assert.deepEqual(await flow.placeOrder(NEW, 'pay-1'), ORDER);
    assert.equal(calls[0]!.headers['idempotency-key'], retryKey);
    assert.equal(storage.getItem(CHECKOUT_SESSION_KEY), null);
    assert.equal(storage.getItem(IDEMPOTENCY_SESSION_KEY), null);
    assert.deepEqual(heard, [ORDER]);
  });

  it('a refused order keeps the checkout and the key (the retry sends the same key)', async () => {
    const answers = [
      json([{ errorCode: 'INTERNAL_ERROR', message: '' }], { status: 500 }),
      json(ORDER, { status: 201 }),
    ];
    const { flow, calls, storage } = setup(() => answers.shift()!);
    storage.setItem(CHECKOUT_SESSION_KEY, NEW);
    await assert.rejects(flow.placeOrder(NEW, 'pay-1'));
    assert.equal(storage.getItem(CHECKOUT_SESSION_KEY), NEW);
    await flow.placeOrder(NEW, 'pay-1');
    assert.equal(calls[0]!.headers['idempotency-key'], calls[1]!.headers['idempotency-key']);
  });
});
