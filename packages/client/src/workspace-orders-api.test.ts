import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const ORDER = '1Os000000000001AAA';
const GROUP = '2Dg000000000001AAA';
const LINE = '802000000000001AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}
const header = (h: Record<string, string>, name: string) =>
  Object.entries(h).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

describe('workspace order calls', () => {
  it('lists orders with the filters given, leaving out what is not set', async () => {
    const { w, calls } = setup(() => json({ items: [], total: 0, page: 1, pageSize: 25, pageCount: 0, sort: 'total' }));
    await w.listOrders({
      q: 'ada@example',
      status: 'Fulfilled',
      from: '2026-01-01',
      hasPrintedGoods: true,
      to: undefined,
    });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/orders`);
    assert.equal(calls[0]!.method, 'GET');
    assert.deepEqual(queryOf(calls[0]!.url), {
      q: 'ada@example',
      status: 'Fulfilled',
      from: '2026-01-01',
      hasPrintedGoods: 'true',
    });
  });

  it('reads one order by id, the id kept inside its path segment', async () => {
    const { w, calls } = setup(() => json({ orderSummaryId: ORDER }));
    assert.deepEqual(await w.getOrder(ORDER), { orderSummaryId: ORDER });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/orders/${ORDER}`);
    await w.getOrder('../me');
    assert.equal(pathOf(calls[1]!.url), `${ROOT}/orders/..%2Fme`);
  });

  it('ships a delivery group with the carrier and tracking number, CSRF token included', async () => {
    const { w, calls } = setup(() => json({ deliveryGroupId: GROUP, status: 'Shipped' }));
    await w.shipDeliveryGroup(ORDER, GROUP, { carrier: 'FedEx', trackingNumber: '1234 5678 9012' });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/orders/${ORDER}/delivery-groups/${GROUP}/actions/ship`);
    assert.equal(calls[0]!.method, 'POST');
    assert.deepEqual(JSON.parse(calls[0]!.body!), { carrier: 'FedEx', trackingNumber: '1234 5678 9012' });
    assert.equal(header(calls[0]!.headers, 'x-csrf-token'), 'tok');
  });

  it('re-sends the downloads email with a bodiless POST and hands back the 202’s answer', async () => {
    const sent = { emailId: 'e1', to: 'ada@example.com', orderItemIds: [LINE] };
    const { w, calls } = setup(() => json(sent, { status: 202 }));
    assert.deepEqual(await w.resendDownloads(ORDER), sent);
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/orders/${ORDER}/actions/resend-downloads`);
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(calls[0]!.body, undefined);
  });

  it('refunds lines with the Idempotency-Key header when one is given, and without it when not', async () => {
    const { w, calls } = setup(() => json({ refund: null, orderStatus: 'Activated' }, { status: 201 }));
    await w.refundOrder(ORDER, { orderItemIds: [LINE], reason: 'Wrong list' }, { idempotencyKey: ' k-1 ' });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/orders/${ORDER}/refunds`);
    assert.deepEqual(JSON.parse(calls[0]!.body!), { orderItemIds: [LINE], reason: 'Wrong list' });
    assert.equal(header(calls[0]!.headers, 'idempotency-key'), 'k-1');
    await w.refundOrder(ORDER, { wholeOrder: true });
    assert.deepEqual(JSON.parse(calls[1]!.body!), { wholeOrder: true });
    assert.equal(header(calls[1]!.headers, 'idempotency-key'), undefined);
  });

  it('cancels with a reason and a key; a blank reason or key is refused before anything is sent', async () => {
    const { w, calls } = setup(() => json({ refund: null, orderStatus: 'Cancelled' }));
    await assert.rejects(async () => w.cancelOrder(ORDER, '  '), TypeError);
    await assert.rejects(async () => w.refundOrder(ORDER, { wholeOrder: true }, { idempotencyKey: '' }), TypeError);
    await assert.rejects(
      async () => w.shipDeliveryGroup(ORDER, ' ', { carrier: 'UPS', trackingNumber: 'x' }),
      TypeError,
    );
    assert.equal(calls.length, 0);
    await w.cancelOrder(ORDER, 'Customer asked', { idempotencyKey: 'k-2' });
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/orders/${ORDER}/actions/cancel`);
    assert.deepEqual(JSON.parse(calls[0]!.body!), { reason: 'Customer asked' });
    assert.equal(header(calls[0]!.headers, 'idempotency-key'), 'k-2');
  });

  it('a refusal (409) is a CommerceFetchError with the server’s code and message', async () => {
    const { w } = setup(() =>
      json([{ errorCode: 'ALREADY_SHIPPED', message: 'This delivery group has shipped already.' }], { status: 409 }),
    );
    await assert.rejects(w.shipDeliveryGroup(ORDER, GROUP, { carrier: 'UPS', trackingNumber: '1Z' }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 409);
      assert.equal(e.errors[0]?.type, 'ALREADY_SHIPPED');
      assert.equal(e.errors[0]?.message, 'This delivery group has shipped already.');
      return true;
    });
  });
});
