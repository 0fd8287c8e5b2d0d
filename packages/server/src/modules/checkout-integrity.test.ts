// What checkout must never get wrong, on SQLite and on PostgreSQL (DATABASE_URL):
// - 200 shoppers placing orders at once for a product with 100 units: exactly 100 orders, stock at 0,
//   never below, and every refused shopper's payment released;
// - the server process killed at random points during place-order, 50 times: after a restart and the
//   shopper's retry (same Idempotency-Key), every live payment has exactly one order, every order its
//   payment, and the stock adds up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { createAgent } from '../test-support/agent.ts';
import { startServerProcess, type ServerProcess } from '../test-support/server-process.ts';
import { WEBSTORE_ID } from '../seed/store.ts';
import { assertPaymentsMatchOrders, paidGuest, physicalProducts, setStock, stockOf } from '../test-support/checkout.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

const BASE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;

describe('checkout integrity', () => {
  test('200 simultaneous checkouts for 100 units: exactly 100 orders, stock never below zero', async () => {
    const [productId] = await physicalProducts(s.db.db, 1);
    await setStock(s.db.db, productId!, [60, 40]);
    const shoppers: Array<{ agent: Agent; checkoutId: string }> = [];
    // All 200 get to a paid checkout first (nobody holds stock yet), so all 200 race at place-order.
    for (let i = 0; i < 200; i += 20)
      shoppers.push(...(await Promise.all(Array.from({ length: 20 }, () => paidGuest(s.agent(), productId!)))));
    const results = await Promise.all(
      shoppers.map(({ agent, checkoutId }) =>
        agent.post(`${BASE}/checkouts/${checkoutId}/orders`, undefined, {
          headers: { 'idempotency-key': `race-${checkoutId}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((x) => x === 201).length, 100, `201s: ${statuses.filter((x) => x === 201).length}`);
    assert.equal(statuses.filter((x) => x === 409).length, 100);
    assert.ok(results.filter((r) => r.status === 409).every((r) => r.body[0].errorCode === 'INSUFFICIENT_INVENTORY'));
    const stock = await stockOf(s.db.db, productId!);
    assert.deepEqual(stock, [0, 0], 'both warehouses emptied, neither below zero');
    const sold = await s.db.db
      .selectFrom('order_item')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('product_id', '=', productId!)
      .executeTakeFirstOrThrow();
    assert.equal(Number(sold.n), 100);
    const voided = await s.db.db
      .selectFrom('payment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'Voided')
      .where(
        'checkout_id',
        'in',
        shoppers.map((x) => x.checkoutId),
      )
      .executeTakeFirstOrThrow();
    assert.equal(Number(voided.n), 100, 'every refused shopper\u2019s payment is released');
    await assertPaymentsMatchOrders(s.db.db);
  });

  test('the server killed at random points during place-order, 50 times: payments, orders and stock still agree', async () => {
    const [productId] = await physicalProducts(s.db.db, 2).then((ids) => [ids[1]]);
    await setStock(s.db.db, productId!, [500, 0]);
    const stockBefore = (await stockOf(s.db.db, productId!)).reduce((a, b) => a + b, 0);
    const soldBefore = Number(
      (
        await s.db.db
          .selectFrom('order_item')
          .select((eb) => eb.fn.sum<number>('quantity').as('n'))
          .where('product_id', '=', productId!)
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    );
    let server: ServerProcess = await startServerProcess(s, { PLACE_ORDER_STEP_PAUSE_MS: '15' });
    let killedBeforeAnswer = 0;
    try {
      for (let round = 0; round < 50; round++) {
        const { agent, checkoutId } = await paidGuest(s.agent(), productId!, 1 + (round % 3));
        const key = `crash-${checkoutId}`;
        const onChild = createAgent(server.url, BASE);
        for (const [k, v] of agent.cookies) onChild.cookies.set(k, v);
        const placing = onChild
          .post(`${BASE}/checkouts/${checkoutId}/orders`, undefined, { headers: { 'idempotency-key': key } })
          .then(
            (r) => r.status,
            () => 'killed',
          );
        await new Promise((r) => setTimeout(r, Math.random() * 90));
        await server.kill();
        if ((await placing) === 'killed') killedBeforeAnswer++;
        server = await startServerProcess(s, { PLACE_ORDER_STEP_PAUSE_MS: '15' });
        // The shopper retries with the same key: the order that was placed, or a new placement now.
        const retry = createAgent(server.url, BASE);
        for (const [k, v] of agent.cookies) retry.cookies.set(k, v);
        const again = await retry.post(`${BASE}/checkouts/${checkoutId}/orders`, undefined, {
          headers: { 'idempotency-key': key },
        });
        assert.equal(again.status, 201, `round ${round}: ${again.text}`);
        const orders = await s.db.db
          .selectFrom('sales_order')
          .select('id')
          .where('checkout_id', '=', checkoutId)
          .execute();
        assert.deepEqual(
          orders.map((o) => o.id),
          [again.body.orderSummaryId],
          `round ${round}: one order for the checkout`,
        );
      }
    } finally {
      await server.kill();
    }
    assert.ok(killedBeforeAnswer > 0, 'some kills landed before the answer');
    await assertPaymentsMatchOrders(s.db.db);
    const sold =
      Number(
        (
          await s.db.db
            .selectFrom('order_item')
            .select((eb) => eb.fn.sum<number>('quantity').as('n'))
            .where('product_id', '=', productId!)
            .executeTakeFirstOrThrow()
        ).n,
      ) - soldBefore;
    const stockAfter = (await stockOf(s.db.db, productId!)).reduce((a, b) => a + b, 0);
    assert.equal(stockBefore - stockAfter, sold, 'what left the warehouse is exactly what was ordered');
    assert.equal(
      sold,
      Array.from({ length: 50 }, (_, round) => 1 + (round % 3)).reduce((a, b) => a + b, 0),
      'every round ended in one order',
    );
  });
});
