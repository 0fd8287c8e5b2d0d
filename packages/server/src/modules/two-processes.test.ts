// Servers are stateless: two server processes on one database behind a round-robin proxy (never sticky),
// so one shopper's consecutive requests land on different processes. Sessions, CSRF tokens, carts, the
// place-order races, idempotent retries and the catalogue caches must behave as on one process.
// On SQLite both processes share one file in WAL mode (transactions begin IMMEDIATE, so writers queue);
// on PostgreSQL (DATABASE_URL) one schema. Each process is a child process of its own (test-support/serve.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type TestServer } from '../test-support/server.ts';
import { createAgent, type Agent, type Reply } from '../test-support/agent.ts';
import { startServerProcess, type ServerProcess } from '../test-support/server-process.ts';
import { startRoundRobinProxy, UPSTREAM_HEADER, type RoundRobinProxy } from '../test-support/round-robin-proxy.ts';
import {
  assertPaymentsMatchOrders,
  paidGuest,
  physicalProducts,
  pricedProducts,
  setStock,
  stockOf,
} from '../test-support/checkout.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/access.ts';
import { WEBSTORE_ID } from '../seed/store.ts';

const BASE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;

let s: TestServer;
let processes: ServerProcess[] = [];
let proxy: RoundRobinProxy | undefined;
before(async () => {
  s = await startTestServer();
  // Background cart operations pause between chunks, so the other process can see one running.
  const env = { CART_OPERATION_PAUSE_MS: '250' };
  const started = await Promise.allSettled([startServerProcess(s, env), startServerProcess(s, env)]);
  // Whatever started is stopped in after(), even when the other failed (a live child would keep the run open).
  processes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  for (const r of started) if (r.status === 'rejected') throw r.reason;
  proxy = await startRoundRobinProxy(processes.map((p) => p.url));
});
after(async () => {
  await proxy?.close();
  await Promise.all(processes.map((p) => p.kill()));
  if (proxy) {
    const orders = await s.db.db.selectFrom('sales_order').select('id').execute();
    console.log(
      `two processes: ${proxy.counts.join(' + ')} requests through the proxy (process A + B), ${orders.length} orders placed`,
    );
  }
  await s?.close();
});

/** A browser-like shopper talking to the proxy only. */
const shopper = (): Agent => createAgent(proxy!.url, BASE);
/** Which process (0 or 1) answered. */
const servedBy = (r: Reply): number => Number(r.headers.get(UPSTREAM_HEADER));
const both = (replies: Reply[]) => assert.deepEqual([...new Set(replies.map(servedBy))].sort(), [0, 1]);

describe('one shopper, two processes', () => {
  test('a session started on A is honoured on B, its CSRF token too; logout on B ends it on A', async () => {
    const a = shopper();
    const guest = await a.api('/session-context');
    assert.equal(guest.body.isLoggedIn, false);
    const guestToken = a.cookies.get('csrf_token')!;
    const login = await a.post('/services/auth/login', {
      email: DEMO_USERS.buyer.email,
      password: DEMO_PASSWORD,
    });
    assert.equal(login.status, 200, login.text);
    const A = servedBy(login);
    const B = 1 - A;
    assert.equal(servedBy(guest), B, 'the guest CSRF cookie came from the other process');
    assert.notEqual(a.cookies.get('csrf_token'), guestToken, 'a login mints a new token');

    const onB = await a.api('/session-context');
    assert.equal(servedBy(onB), B);
    assert.deepEqual([onB.body.isLoggedIn, onB.body.userName], [true, 'Morgan']);
    assert.equal((await a.api('/session-context')).body.isLoggedIn, true, 'and on A');

    // The CSRF token minted with the session on A, checked against the session by B.
    const write = await a.patch('/services/auth/profile', { firstName: 'Morgan' });
    assert.equal(servedBy(write), B);
    assert.equal(write.status, 200, write.text);
    // The session half of the check is live there too: the guest token (cookie and header agreeing) no longer
    // matches the session's, so only a process that reads the session's token refuses it.
    const stale = await a.patch(
      '/services/auth/profile',
      { firstName: 'Mallory' },
      {
        headers: {
          cookie: `sid=${a.cookies.get('sid')}; csrf_token=${guestToken}`,
          'x-csrf-token': guestToken,
        },
      },
    );
    assert.equal(servedBy(stale), A);
    assert.equal(stale.status, 403, stale.text);
    assert.equal(errorOf(stale).errorCode, 'INVALID_CSRF_TOKEN');

    const sid = a.cookies.get('sid')!;
    const out = await a.post('/services/auth/logout');
    assert.equal(servedBy(out), B);
    assert.equal(out.status, 204);
    // The old cookie, replayed on A (and again on B), is a guest's.
    const replayed = [
      await a.api('/session-context', { headers: { cookie: `sid=${sid}` } }),
      await a.api('/session-context', { headers: { cookie: `sid=${sid}` } }),
    ];
    assert.deepEqual(replayed.map(servedBy), [A, B]);
    assert.deepEqual(
      replayed.map((r) => r.body.isLoggedIn),
      [false, false],
    );
  });

  test('failed logins spread over A and B count together: the sixth attempt is refused by both', async () => {
    const a = shopper();
    const email = DEMO_USERS.consumer.email;
    const failures: Reply[] = [];
    for (let i = 0; i < 5; i++)
      failures.push(await a.post('/services/auth/login', { email, password: `wrong-${i}-password` }));
    both(failures);
    assert.deepEqual(
      failures.map((r) => r.status),
      Array(5).fill(401),
    );
    const limited = [
      await a.post('/services/auth/login', { email, password: DEMO_PASSWORD }),
      await a.post('/services/auth/login', { email, password: DEMO_PASSWORD }),
    ];
    both(limited);
    for (const r of limited) {
      assert.equal(r.status, 429, r.text);
      assert.equal(errorOf(r).errorCode, 'TOO_MANY_REQUESTS');
    }
  });

  test('cart lines added alternately on A and B all appear; concurrent changes add up', async () => {
    const ids = await physicalProducts(s.db.db, 6);
    for (const id of ids) await setStock(s.db.db, id, [50, 50]);
    const a = shopper();
    const adds: Reply[] = [];
    for (const productId of ids) {
      const res = await a.post(`${BASE}/carts/current/cart-items`, { productId, quantity: '1', type: 'Product' });
      assert.equal(res.status, 201, res.text);
      adds.push(res);
    }
    for (let i = 1; i < adds.length; i++)
      assert.notEqual(servedBy(adds[i]!), servedBy(adds[i - 1]!), 'consecutive adds land on different processes');

    const lists = [await a.api('/carts/current/cart-items'), await a.api('/carts/current/cart-items')];
    both(lists);
    for (const list of lists)
      assert.deepEqual(list.body.cartItems.map((i: any) => i.cartItem.productId).sort(), [...ids].sort());

    // Eight of the shopper's tabs add the same product at once: no add is lost.
    const [first, second] = ids;
    const concurrentAdds = await Promise.all(
      Array.from({ length: 8 }, () =>
        a.post(`${BASE}/carts/current/cart-items`, { productId: first, quantity: '1', type: 'Product' }),
      ),
    );
    both(concurrentAdds);
    assert.deepEqual(
      concurrentAdds.map((r) => r.status),
      Array(8).fill(201),
    );
    // Six quantity changes to one line at once: one of them wins, and the cart's totals agree with its lines.
    const line = lists[0]!.body.cartItems.find((i: any) => i.cartItem.productId === second).cartItem;
    const patches = await Promise.all(
      [2, 3, 4, 5, 6, 7].map((q) =>
        a.patch(`${BASE}/carts/current/cart-items/${line.cartItemId}`, { quantity: String(q) }),
      ),
    );
    both(patches);
    assert.ok(
      patches.every((r) => r.status === 200),
      patches.map((r) => r.text).join('\n'),
    );

    const views = [await a.api('/carts/current/cart-items'), await a.api('/carts/current/cart-items')];
    both(views);
    assert.deepEqual(views[0]!.body, views[1]!.body, 'both processes answer the same cart');
    const items = views[0]!.body.cartItems.map((i: any) => i.cartItem);
    const quantityOf = (id: string) => Number(items.find((i: any) => i.productId === id).quantity);
    assert.equal(quantityOf(first!), 9, '1 + 8 concurrent adds');
    assert.ok([2, 3, 4, 5, 6, 7].includes(quantityOf(second!)));
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const summary = (await a.api('/carts/current')).body;
    assert.equal(
      Number(summary.totalProductCount),
      items.reduce((n: number, i: any) => n + Number(i.quantity), 0),
    );
    assert.equal(
      cents(summary.totalProductAmount),
      items.reduce((n: number, i: any) => n + cents(i.totalPrice), 0),
    );
  });

  test('a background batch taken by A is seen running by B, which refuses changes until it is done', async () => {
    const ids = await pricedProducts(s.db.db, 30, 'Dataset');
    const a = shopper();
    const started = await a.post(`${BASE}/carts/current/cart-items/batch`, {
      inputs: ids.map((productId) => ({ richInput: { productId, quantity: '1', type: 'Product' } })),
    });
    assert.equal(started.status, 202, started.text);
    const busy = await a.post(`${BASE}/carts/current/cart-items`, {
      productId: ids[0],
      quantity: '1',
      type: 'Product',
    });
    assert.notEqual(servedBy(busy), servedBy(started));
    assert.equal(busy.status, 409, busy.text);
    assert.equal(errorOf(busy).errorCode, 'CART_PROCESSING');
    let summary = await a.api('/carts/compact-summary');
    for (let i = 0; i < 200 && summary.body.asyncOperationStatus === 'Processing'; i++) {
      await new Promise((done) => setTimeout(done, 50));
      summary = await a.api('/carts/compact-summary');
    }
    const done = [summary, await a.api('/carts/compact-summary')];
    both(done);
    for (const r of done) {
      assert.equal(r.body.asyncOperationStatus, 'Completed');
      assert.equal(r.body.uniqueProductCount, 30);
    }
  });
});

describe('placing orders across processes', () => {
  test('two place-orders for one checkout at once, on A and B: one order; a keyed retry on the other gets it back', async () => {
    const [productId] = await physicalProducts(s.db.db, 1);
    await setStock(s.db.db, productId!, [10, 0]);
    const { agent, checkoutId } = await paidGuest(shopper(), productId!);
    const placing = await Promise.all([
      agent.post(`${BASE}/checkouts/${checkoutId}/orders`),
      agent.post(`${BASE}/checkouts/${checkoutId}/orders`),
    ]);
    both(placing);
    const orders = await s.db.db.selectFrom('sales_order').select('id').where('checkout_id', '=', checkoutId).execute();
    assert.equal(orders.length, 1, 'exactly one order');
    const placed = placing.filter((r) => r.status === 201);
    assert.ok(placed.length >= 1, placing.map((r) => r.text).join('\n'));
    for (const r of placed) assert.equal(r.body.orderSummaryId, orders[0]!.id);
    for (const r of placing.filter((x) => x.status !== 201)) assert.equal(r.status, 409, r.text);
    assert.deepEqual(await stockOf(s.db.db, productId!), [9, 0], 'one unit left the warehouse');

    // A shopper whose answer was lost retries with the same Idempotency-Key; the retry lands on the other process.
    const next = await paidGuest(shopper(), productId!);
    const key = `two-processes-${next.checkoutId}`;
    const url = `${BASE}/checkouts/${next.checkoutId}/orders`;
    const firstTry = await next.agent.post(url, undefined, { headers: { 'idempotency-key': key } });
    const retry = await next.agent.post(url, undefined, { headers: { 'idempotency-key': key } });
    assert.notEqual(servedBy(retry), servedBy(firstTry));
    assert.deepEqual([firstTry.status, retry.status], [201, 201], retry.text);
    assert.equal(retry.body.orderSummaryId, firstTry.body.orderSummaryId, 'the same order');
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    const forCheckout = await s.db.db
      .selectFrom('sales_order')
      .select('id')
      .where('checkout_id', '=', next.checkoutId)
      .execute();
    assert.equal(forCheckout.length, 1);
    await assertPaymentsMatchOrders(s.db.db);
  });

  test('two shoppers race for the last unit through different processes: one order, never oversold', async () => {
    const [, productId] = await physicalProducts(s.db.db, 2);
    await setStock(s.db.db, productId!, [1, 0]);
    const [x, y] = [await paidGuest(shopper(), productId!), await paidGuest(shopper(), productId!)];
    const results = await Promise.all([
      x.agent.post(`${BASE}/checkouts/${x.checkoutId}/orders`),
      y.agent.post(`${BASE}/checkouts/${y.checkoutId}/orders`),
    ]);
    both(results);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    assert.equal(errorOf(results.find((r) => r.status === 409)!).errorCode, 'INSUFFICIENT_INVENTORY');
    assert.deepEqual(await stockOf(s.db.db, productId!), [0, 0], 'not below zero');
    const loser = results[0]!.status === 409 ? x : y;
    const payment = await s.db.db
      .selectFrom('payment')
      .select('status')
      .where('checkout_id', '=', loser.checkoutId)
      .executeTakeFirstOrThrow();
    assert.equal(payment.status, 'Voided', 'the refused shopper\u2019s payment is released');
    await assertPaymentsMatchOrders(s.db.db);
  });
});

describe('delivering datasets across processes', () => {
  test('a download link signed by one process is honoured by the other; a tampered one by neither', async () => {
    const buyer = shopper();
    const login = await buyer.post('/services/auth/login', { email: DEMO_USERS.buyer.email, password: DEMO_PASSWORD });
    assert.equal(login.status, 200, login.text);
    // The smallest file of the first few, so two downloads stay quick.
    const { id: datasetId } = await s.db.db
      .selectFrom('product')
      .select('id')
      .where('id', 'in', await pricedProducts(s.db.db, 10, 'Dataset'))
      .orderBy('record_count')
      .executeTakeFirstOrThrow();
    const added = await buyer.post(`${BASE}/carts/current/cart-items`, {
      productId: datasetId,
      quantity: '1',
      type: 'Product',
    });
    assert.equal(added.status, 201, added.text);
    const checkoutId = (await buyer.put(`${BASE}/checkouts`, { cartId: 'active' })).body.checkoutId;
    const paid = await buyer.post(`${BASE}/checkouts/${checkoutId}/payments`, {
      requestType: 'SimplePurchaseOrder',
      paymentToken: 'PO-4242',
    });
    assert.equal(paid.status, 200, paid.text);
    const placed = await buyer.post(`${BASE}/checkouts/${checkoutId}/orders`);
    assert.equal(placed.status, 201, placed.text);

    const links = await buyer.api(`/order-summaries/${placed.body.orderSummaryId}/downloads`);
    assert.equal(links.status, 200, links.text);
    const [link] = links.body.items;
    const files = [await buyer.get(link.url), await buyer.get(link.url)];
    assert.equal(servedBy(files[0]!), 1 - servedBy(links), 'the first download is on the process that did not sign');
    both(files);
    for (const f of files) {
      assert.equal(f.status, 200, f.text);
      assert.match(f.headers.get('content-type')!, /^text\/csv/);
    }
    assert.equal(files[0]!.text, files[1]!.text);
    const token = link.url.split('/').pop()!;
    const [payload, signature] = token.split('.');
    const tampered = link.url.replace(token, `${payload}.${signature!.slice(0, -2)}AA`);
    const refused = [await buyer.get(tampered), await buyer.get(tampered)];
    both(refused);
    assert.deepEqual(
      refused.map((r) => r.status),
      [403, 403],
    );
  });
});

describe('caches across processes', () => {
  test('synonyms saved through one process are used by both on the next query', async () => {
    const q = '/search/products?searchTerm=molarsmiths&fields=Name';
    const guest = shopper();
    const before = [await guest.api(q), await guest.api(q)];
    both(before);
    assert.deepEqual(
      before.map((r) => r.body.productsPage.total),
      [0, 0],
    );
    const admin = shopper();
    const login = await admin.post('/services/auth/login', {
      email: 'admin@datadepot.example',
      password: DEMO_PASSWORD,
    });
    assert.equal(login.status, 200);
    const path = `/services/data/v65.0/commerce/management/webstores/${WEBSTORE_ID}/search/synonyms`;
    const current = (await admin.get(path)).body.synonymGroups;
    const saved = await admin.put(path, { synonymGroups: [...current, { terms: ['molarsmith', 'dentist'] }] });
    assert.equal(saved.status, 200, saved.text);
    const after = [await guest.api(q), await guest.api(q)];
    both(after);
    for (const r of after) {
      assert.ok(r.body.productsPage.total >= 3, `found ${r.body.productsPage.total}`);
      assert.ok(r.body.productsPage.products.every((p: any) => /dentist/i.test(p.name)));
    }
  });

  test('a product renamed in the workspace through one process is served by both at the next request', async () => {
    const [productId] = await physicalProducts(s.db.db, 3).then((ids) => ids.slice(2));
    const guest = shopper();
    const path = `/products/${productId}?fields=Name`;
    const warm = [await guest.api(path), await guest.api(path)];
    both(warm);
    const oldName = warm[0]!.body.fields.Name;
    assert.equal(warm[1]!.body.fields.Name, oldName);
    // Both processes now hold the answer in their caches; the administrator renames it through the proxy.
    const admin = shopper();
    assert.equal(
      (await admin.post('/services/auth/login', { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD })).status,
      200,
    );
    const newName = `${oldName} (Second Edition)`;
    const renamed = await admin.patch(`/services/admin/webstores/${WEBSTORE_ID}/products/${productId}`, {
      name: newName,
    });
    assert.equal(renamed.status, 200, renamed.text);
    // Each process reads the catalogue version on every request: the very next answer of each is fresh.
    const next = [await guest.api(path), await guest.api(path)];
    both(next);
    assert.deepEqual(
      next.map((r) => r.body.fields.Name),
      [newName, newName],
    );
  });
});

test('the proxy spread the requests evenly over both processes', () => {
  const counts = proxy!.counts;
  assert.ok(
    counts.every((n) => n > 20),
    `${counts}`,
  );
  assert.ok(Math.abs(counts[0]! - counts[1]!) <= 1, `${counts}`);
});
