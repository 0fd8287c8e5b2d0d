// The account area's API (issue 17): every purchased dataset of the effective account in one paged list with
// fresh signed links (GET downloads), and switching an auto-renew subscription's renewal off and back on
// (PATCH subscriptions/{id}). Morgan acts for Contoso (the owner's account here) and Northwind; Casey is a
// buyer of another account; a guest has no login. Refusals change nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { pay, productIdOf, startCheckout } from '../test-support/purchase.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { PRICE_BOOK_IDS, SELLING_MODEL_IDS } from '../seed/store.ts';

const W = '/services/admin/webstores/0ZE000000000001AAA';
let s: TestServer;
let contoso: Agent;
let northwind: Agent;
let casey: Agent;
let admin: Agent;
let contosoId: string;
/** Contoso's orders, oldest first: a dataset and a bundle; two subscriptions; two datasets, one refunded later. */
const orders = { first: '', subscriptions: '', refunded: '', northwind: '' };
let evergreenId = '';
let termId = '';

async function lineInCart(a: Agent, productId: string, sellingModelId?: string, subscriptionTerm?: number) {
  const added = await a.post(`${BASE}/carts/current/cart-items`, {
    productId,
    quantity: '1',
    type: 'Product',
    ...(sellingModelId ? { productSellingModelId: sellingModelId } : {}),
    ...(subscriptionTerm ? { subscriptionTerm } : {}),
  });
  assert.equal(added.status, 201, added.text);
}

/** Places the agent's current cart (plus one more product) as an order: its id. */
async function placeWith(a: Agent, lastProductId: string): Promise<string> {
  const checkoutId = await startCheckout(a, lastProductId, { contact: false });
  await pay(a, checkoutId);
  const placed = await a.post(`${BASE}/checkouts/${checkoutId}/orders`);
  assert.equal(placed.status, 201, placed.text);
  return placed.body.orderSummaryId;
}

/** A dataset the store's price book sells with the selling model (Contoso buys at store prices). */
async function datasetSoldAs(sellingModelId: string): Promise<string> {
  const row = await s.db.db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select('product.id')
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', '=', sellingModelId)
    .where('product.is_active', '=', 1)
    .where('product.fulfilment', '=', 'Dataset')
    .where('product.sku', 'like', 'DS-%')
    .orderBy('product.sku')
    .executeTakeFirstOrThrow();
  return row.id;
}

const subscriptionsOf = (accountId: string) =>
  s.db.db.selectFrom('subscription').selectAll().where('account_id', '=', accountId).orderBy('id').execute();

before(async () => {
  s = await startTestServer();
  [contoso, northwind, casey, admin] = await Promise.all([
    s.login(DEMO_USERS.buyer.email),
    s.login(DEMO_USERS.buyer.email),
    s.login(DEMO_USERS.consumer.email),
    s.login(DEMO_USERS.admin.email),
  ]);
  contosoId = (
    await s.db.db
      .selectFrom('account')
      .select('id')
      .where('name', '=', 'Contoso Dental Group')
      .executeTakeFirstOrThrow()
  ).id;
  const switched = await contoso.patch(`${BASE}/session-context`, { effectiveAccountId: contosoId });
  assert.equal(switched.status, 200, switched.text);

  await lineInCart(contoso, await productIdOf(s, 'DS-00001'));
  orders.first = await placeWith(contoso, await productIdOf(s, 'BN-00001'));
  await lineInCart(contoso, await datasetSoldAs(SELLING_MODEL_IDS.annual), SELLING_MODEL_IDS.annual, 1);
  const evergreen = await datasetSoldAs(SELLING_MODEL_IDS.monthlyRefresh);
  const added = await contoso.post(`${BASE}/carts/current/cart-items`, {
    productId: evergreen,
    quantity: '1',
    type: 'Product',
    productSellingModelId: SELLING_MODEL_IDS.monthlyRefresh,
  });
  assert.equal(added.status, 201, added.text);
  const checkoutId = (await contoso.put(`${BASE}/checkouts`, { cartId: 'active' })).body.checkoutId;
  assert.equal(
    (
      await contoso.patch(`${BASE}/checkouts/${checkoutId}`, {
        deliveryAddress: {
          name: 'A B',
          street: '48 Congress Ave',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          country: 'US',
        },
      })
    ).status,
    202,
  );
  await pay(contoso, checkoutId);
  const placed = await contoso.post(`${BASE}/checkouts/${checkoutId}/orders`);
  assert.equal(placed.status, 201, placed.text);
  orders.subscriptions = placed.body.orderSummaryId;
  await lineInCart(contoso, await productIdOf(s, 'DS-00002'));
  orders.refunded = await placeWith(contoso, await productIdOf(s, 'DS-00003'));
  orders.northwind = await placeWith(northwind, await productIdOf(s, 'DS-00004'));

  const subs = (await contoso.api('/subscriptions')).body.items as any[];
  evergreenId = subs.find((x) => x.sellingModelType === 'Evergreen').subscriptionId;
  termId = subs.find((x) => x.sellingModelType === 'TermDefined').subscriptionId;
});
after(async () => {
  await s?.close();
});

/** Every page of the agent's downloads list. */
async function allPages(a: Agent, pageSize: number, query = ''): Promise<any[][]> {
  const pages: any[][] = [];
  let token: string | null = '0';
  while (token !== null) {
    const res = await a.api(`/downloads?pageSize=${pageSize}&pageToken=${token}${query}`);
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    pages.push(res.body.items);
    assert.equal(res.body.count, res.body.items.length);
    assert.equal(res.body.currentPageToken, token);
    token = res.body.nextPageToken;
  }
  return pages;
}

const entry = (l: any) => ({
  orderItemId: l.orderItemId,
  productId: l.productId,
  productName: l.productName,
  bundleName: l.bundleName,
  fileName: l.fileName,
});

describe('GET downloads: the account’s purchased datasets', () => {
  test('every dataset line of every order, as the order pages list them, newest order first, paged', async () => {
    const pages = await allPages(contoso, 3);
    assert.deepEqual(
      pages.map((p) => p.length),
      [3, 3, 2],
    );
    const all = pages.flat();
    const expected: any[] = [];
    for (const id of [orders.refunded, orders.subscriptions, orders.first]) {
      const page = await contoso.api(`/order-summaries/${id}/downloads`);
      expected.push(...page.body.items.map((l: any) => ({ ...entry(l), orderSummaryId: id })));
    }
    assert.equal(expected.length, 2 + 2 + 4, 'two datasets, two subscriptions, a dataset and a three-dataset bundle');
    assert.deepEqual(
      all.map((l) => ({ ...entry(l), orderSummaryId: l.orderSummaryId })),
      expected,
    );
    for (const l of all) {
      assert.equal(l.format, 'CSV');
      assert.match(l.orderNumber, /^DD-\d+$/);
      assert.ok(Date.parse(l.orderedDate) > 0 && Date.parse(l.expiresAt) > Date.now());
    }
    const bundle = all.filter((l) => l.bundleName);
    assert.equal(bundle.length, 3, 'a bundle line is one entry per dataset it delivered');
    const subscribed = all.filter((l) => l.subscription);
    assert.deepEqual(subscribed.map((l) => l.subscription.subscriptionId).sort(), [evergreenId, termId].sort());
    const today = new Date().toISOString().slice(0, 10);
    for (const l of subscribed) assert.equal(l.subscription.latestDeliveryDate, today, 'bought today: delivered today');
    // The default page holds them all; the link of an entry serves its file.
    const whole = await contoso.api('/downloads');
    assert.equal(whole.body.pageSize, 25);
    assert.equal(whole.body.items.length, 8);
    assert.equal(whole.body.previousPageToken, null);
    const file = await contoso.get(all[0].url);
    assert.equal(file.status, 200);
    assert.match(file.text.split('\n')[0]!, /Email/);
  });

  test('a refunded line is left out, as on the order page; the other line of its order stays', async () => {
    const [line] = (await contoso.api(`/order-summaries/${orders.refunded}/downloads`)).body.items;
    const refunded = await admin.post(
      `${W}/orders/${orders.refunded}/refunds`,
      { orderItemIds: [line.orderItemId], reason: 'Bought twice' },
      { headers: { 'idempotency-key': 'acct-refund-1' } },
    );
    assert.equal(refunded.status, 201, refunded.text);
    const onOrderPage = (await contoso.api(`/order-summaries/${orders.refunded}/downloads`)).body.items;
    assert.equal(onOrderPage.length, 1);
    const all = (await allPages(contoso, 2)).flat();
    assert.equal(all.length, 7);
    assert.ok(!all.some((l) => l.orderItemId === line.orderItemId), 'the refunded line is gone');
    assert.deepEqual(entry(all[0]), entry(onOrderPage[0]));
  });

  test('each account sees its own: the same buyer acting for Northwind, and a buyer of another account', async () => {
    const nw = (await allPages(northwind, 25)).flat();
    assert.deepEqual(
      nw.map((l) => l.orderSummaryId),
      [orders.northwind],
    );
    const contosoOrders = new Set([orders.first, orders.subscriptions, orders.refunded]);
    const mine = await casey.api('/downloads');
    assert.equal(mine.status, 200);
    assert.ok(!mine.body.items.some((l: any) => contosoOrders.has(l.orderSummaryId)));
    // Naming Contoso: refused as any account the caller may not act for.
    const named = await casey.api(`/downloads?effectiveAccountId=${contosoId}`);
    assert.equal(named.status, 403);
    assert.equal(errorOf(named).errorCode, 'INSUFFICIENT_ACCESS');
    // The buyer may name an account they act for.
    const byName = await northwind.api(`/downloads?effectiveAccountId=${contosoId}&pageSize=100`);
    assert.equal(byName.body.items.length, 7);
  });

  test('a guest is asked to log in; bad paging is a 400 in the error shape', async () => {
    const guest = await s.agent().api('/downloads');
    assert.equal(guest.status, 401);
    assert.equal(errorOf(guest).errorCode, 'INVALID_SESSION_ID');
    for (const q of ['pageSize=0', 'pageSize=101', 'pageSize=x', 'pageToken=-1', 'pageToken=abc']) {
      const res = await contoso.api(`/downloads?${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT', q);
    }
    const past = await contoso.api('/downloads?pageToken=50');
    assert.equal(past.status, 200);
    assert.deepEqual(past.body.items, []);
    assert.equal(past.body.nextPageToken, null);
  });
});

describe('PATCH subscriptions/{id}: switching auto-renew', () => {
  const patch = (a: Agent, id: string, body: unknown) => a.patch(`${BASE}/subscriptions/${id}`, body);

  test('off: it ends the day before the renewal that no longer happens; on again: it renews on that date', async () => {
    const before = (await contoso.api('/subscriptions')).body.items.find((x: any) => x.subscriptionId === evergreenId);
    assert.equal(before.autoRenew, true);
    assert.equal(before.endDate, null);
    const renewal = before.nextRenewalDate as string;
    const off = await patch(contoso, evergreenId, { autoRenew: false });
    assert.equal(off.status, 200, off.text);
    const dayBefore = new Date(`${renewal}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    assert.equal(off.body.autoRenew, false);
    assert.equal(off.body.endDate, dayBefore.toISOString().slice(0, 10));
    assert.equal(off.body.nextRenewalDate, null);
    assert.equal(off.body.status, 'Active', 'it runs to the end of the term already paid for');
    const listed = (await contoso.api('/subscriptions')).body.items.find((x: any) => x.subscriptionId === evergreenId);
    assert.deepEqual(listed, off.body);
    // Again: nothing to do, the same answer.
    const again = await patch(contoso, evergreenId, { autoRenew: false });
    assert.deepEqual(again.body, off.body);
    // The same buyer acting for Contoso by name may switch it back on.
    const on = await contoso.patch(`${BASE}/subscriptions/${evergreenId}?effectiveAccountId=${contosoId}`, {
      autoRenew: true,
    });
    assert.equal(on.status, 200, on.text);
    assert.equal(on.body.autoRenew, true);
    assert.equal(on.body.endDate, null);
    assert.equal(on.body.nextRenewalDate, renewal);
  });

  test('refusals: a fixed term, someone else’s, a guest, bad ids and bodies; nothing changes', async () => {
    const stored = JSON.stringify(await subscriptionsOf(contosoId));
    const term = await patch(contoso, termId, { autoRenew: false });
    assert.equal(term.status, 409);
    assert.equal(errorOf(term).errorCode, 'SUBSCRIPTION_NOT_AUTO_RENEWING');

    const unknown = `${evergreenId.slice(0, 3)}000000999999AAA`;
    for (const [who, a] of [
      ['another account’s buyer', casey],
      ['the buyer acting for Northwind', northwind],
    ] as const) {
      const res = await patch(a, evergreenId, { autoRenew: false });
      assert.equal(res.status, 404, who);
      assert.equal(errorOf(res).errorCode, 'ITEM_NOT_FOUND', who);
      const probe = await patch(a, unknown, { autoRenew: false });
      assert.equal(res.text.replaceAll(evergreenId, unknown), probe.text, `${who}: the same answer as an unknown one`);
    }
    const named = await casey.patch(`${BASE}/subscriptions/${evergreenId}?effectiveAccountId=${contosoId}`, {
      autoRenew: false,
    });
    assert.equal(named.status, 403);
    assert.equal(errorOf(named).errorCode, 'INSUFFICIENT_ACCESS');
    const guest = await patch(s.agent(), evergreenId, { autoRenew: false });
    assert.equal(guest.status, 401);
    assert.equal(errorOf(guest).errorCode, 'INVALID_SESSION_ID');

    const malformed = await patch(contoso, 'not-an-id', { autoRenew: false });
    assert.equal(malformed.status, 400);
    assert.equal(errorOf(malformed).errorCode, 'INVALID_ID_FIELD');
    const order = await patch(contoso, orders.first, { autoRenew: false });
    assert.equal(order.status, 400, 'an id of another kind');
    for (const body of [
      {},
      { autoRenew: 'no' },
      { autoRenew: null },
      { autoRenew: false, endDate: '2030-01-01' },
      [],
    ]) {
      const res = await patch(contoso, evergreenId, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT', JSON.stringify(body));
    }
    assert.equal(JSON.stringify(await subscriptionsOf(contosoId)), stored, 'nothing changed');
  });

  test('once it has ended, or was cancelled, it cannot be switched back on', async () => {
    const off = await patch(contoso, evergreenId, { autoRenew: false });
    assert.equal(off.status, 200);
    await s.db.db.updateTable('subscription').set({ end_date: '2020-01-31' }).where('id', '=', evergreenId).execute();
    const stored = JSON.stringify(await subscriptionsOf(contosoId));
    const ended = await patch(contoso, evergreenId, { autoRenew: true });
    assert.equal(ended.status, 409);
    assert.equal(errorOf(ended).errorCode, 'SUBSCRIPTION_ENDED');
    assert.match(errorOf(ended).message, /2020-01-31/);
    await s.db.db
      .updateTable('subscription')
      .set({ end_date: null, status: 'Cancelled' })
      .where('id', '=', evergreenId)
      .execute();
    const cancelled = await patch(contoso, evergreenId, { autoRenew: true });
    assert.equal(cancelled.status, 409);
    assert.equal(errorOf(cancelled).errorCode, 'SUBSCRIPTION_ENDED');
    const stillOff = await patch(contoso, evergreenId, { autoRenew: false });
    assert.equal(stillOff.status, 200, 'a cancelled subscription does not renew: already off');
    assert.equal(stillOff.body.autoRenew, false);
    const now = JSON.parse(JSON.stringify(await subscriptionsOf(contosoId)));
    assert.notEqual(JSON.stringify(now), stored); // the test's own status change only
    assert.equal(now.find((r: any) => r.id === evergreenId).end_date, null, 'the refusals changed nothing');
  });
});
