// Restock on cancel (issue 15 §6), through the real API: the stock a shopper sees (inventory/levels) goes down
// when an order of a printed directory is placed and back up, exactly, when the workspace cancels it before it
// ships; a second cancel is refused and gives nothing back twice; a refund of a shipped line restocks nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { guestCheckout, payAndPlace, productIdOf, startCheckout } from '../../test-support/purchase.ts';
import { DEMO_USERS } from '../../seed/access.ts';

const W = '/services/admin/webstores/0ZE000000000001AAA';
const STORE = '0ZE000000000001AAA';

let s: TestServer;
let admin: Agent;

/** What a client reads of a product's stock: on hand and available to order, over every warehouse. */
async function stockOf(productId: string) {
  const scope = encodeURIComponent(`webStoreId Eq '${STORE}'`);
  const res = await s.get(`/services/data/v65.0/commerce/inventory/levels?scope=${scope}&products=${productId}`);
  assert.equal(res.status, 200, res.text);
  const total = res.body.totalInventory.find((t: any) => t.product2Id === productId);
  return { onHand: total.onHand as number, availableToOrder: total.availableToOrder as number };
}

async function guestOrder(sku: string, quantity: number) {
  const a = s.agent();
  return payAndPlace(a, await startCheckout(a, await productIdOf(s, sku), { quantity }));
}

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
});
after(async () => {
  await s?.close();
});

test('cancelling an unshipped order puts its printed items back in stock, once', async () => {
  const product = await productIdOf(s, 'PD-00003');
  const before = await stockOf(product);
  assert.ok(before.onHand >= 3, 'the directory is in stock');
  const order = await guestOrder('PD-00003', 3);
  const placed = await stockOf(product);
  assert.equal(placed.onHand, before.onHand - 3, 'placing the order took 3');

  const cancelled = await admin.post(`${W}/orders/${order}/actions/cancel`, { reason: 'Customer asked' });
  assert.equal(cancelled.status, 200, cancelled.text);
  assert.deepEqual(await stockOf(product), before, 'the 3 are back, as they were before the order');

  const again = await admin.post(`${W}/orders/${order}/actions/cancel`, { reason: 'Twice' });
  assert.equal(again.status, 409);
  assert.equal(errorOf(again).errorCode, 'ORDER_CANCELLED');
  assert.deepEqual(await stockOf(product), before, 'nothing given back twice');

  const audit = (await admin.get(`${W}/audit-log?recordType=Order&recordId=${order}`)).body.items;
  assert.equal(audit[0].action, 'cancel');
  assert.equal(
    audit[0].after.restocked.reduce((n: number, r: any) => n + r.quantity, 0),
    3,
    'the log says so',
  );
});

test('a refund of a shipped printed line does not restock', async () => {
  const product = await productIdOf(s, 'PD-00003');
  const { a, id } = await guestCheckout(s, 'PD-00003');
  const order = await payAndPlace(a, id);
  const placed = await stockOf(product);
  const detail = (await admin.get(`${W}/orders/${order}`)).body;
  const group = detail.deliveryGroups.find((g: any) => g.deliveryKind === 'Shipped');
  const shipped = await admin.post(`${W}/orders/${order}/delivery-groups/${group.id}/actions/ship`, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  assert.equal(shipped.status, 200, shipped.text);
  const line = detail.lines.find((l: any) => l.productId === product);
  const refunded = await admin.post(`${W}/orders/${order}/refunds`, { orderItemIds: [line.orderItemId] });
  assert.equal(refunded.status, 201, refunded.text);
  assert.deepEqual(await stockOf(product), placed, 'the parcel is with the buyer; stock stays as it was');
});
