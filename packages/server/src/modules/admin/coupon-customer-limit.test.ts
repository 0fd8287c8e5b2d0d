// A coupon's per-customer limit (issue 15), through the real API: the administrator sets it in the promotions
// API; a customer who used the code as often as it allows is refused at place-order (409
// COUPON_CUSTOMER_LIMIT_REACHED, the money released, no order), another customer still gets it; two orders
// of one customer placed at the same moment cannot both have it; bad limits are a 400 and change nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { ADDRESS, CONTACT, pay, productIdOf } from '../../test-support/purchase.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { WEBSTORE_ID } from '../../seed/store.ts';

const WS = `/services/admin/webstores/${WEBSTORE_ID}`;
const CART = `${BASE}/carts/current`;

let s: TestServer;
let admin: Agent;
let productId: string;
before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  productId = await productIdOf(s, 'DS-00001');
});
after(async () => {
  await s.close();
});

async function couponPromotion(name: string, coupon: Record<string, unknown>) {
  const made = await admin.post(`${WS}/promotions`, {
    name,
    discount: { type: 'AmountOff', amount: '5.00' },
    coupons: [coupon],
  });
  assert.equal(made.status, 201, made.text);
  return made.body;
}

/** The agent's cart with the product and the code, a checkout with this contact email, paid: the checkout id. */
async function paidCheckoutWith(a: Agent, code: string, email: string): Promise<string> {
  const added = await a.post(`${CART}/cart-items`, { productId, quantity: '1', type: 'Product' });
  assert.equal(added.status, 201, added.text);
  const applied = await a.post(`${CART}/cart-coupons`, { couponCode: code });
  assert.equal(applied.status, 201, applied.text);
  const started = await a.put(`${BASE}/checkouts`, { cartId: 'active' });
  assert.equal(started.status, 202, started.text);
  const id = started.body.checkoutId as string;
  for (const patch of [{ contactInfo: { ...CONTACT, email } }, { deliveryAddress: ADDRESS }])
    assert.equal((await a.patch(`${BASE}/checkouts/${id}`, patch)).status, 202);
  await pay(a, id);
  return id;
}

const place = (a: Agent, checkoutId: string) => a.post(`${BASE}/checkouts/${checkoutId}/orders`);

async function couponOf(promotionId: string) {
  return (await admin.get(`${WS}/promotions/${promotionId}`)).body.coupons[0];
}

test('one use per customer: the second order of the same customer is refused, another customer’s is not', async () => {
  const promotion = await couponPromotion('Once each', { code: 'ONCEEACH', maxUses: 10, maxUsesPerCustomer: 1 });
  assert.equal(promotion.coupons[0].maxUsesPerCustomer, 1);

  const first = s.agent();
  const placed = await place(first, await paidCheckoutWith(first, 'ONCEEACH', 'grace@example.com'));
  assert.equal(placed.status, 201, placed.text);

  // The same customer (a guest is known by their email, in any case) in a new session.
  const again = s.agent();
  const checkout = await paidCheckoutWith(again, 'onceeach', 'Grace@Example.com');
  const refused = await place(again, checkout);
  assert.equal(refused.status, 409, refused.text);
  assert.equal(errorOf(refused).errorCode, 'COUPON_CUSTOMER_LIMIT_REACHED');
  assert.match(errorOf(refused).message, /You have already used the coupon ONCEEACH/);
  const orders = await s.db.db.selectFrom('sales_order').select('id').where('checkout_id', '=', checkout).execute();
  assert.equal(orders.length, 0, 'no order');
  const payment = await s.db.db.selectFrom('payment').select('status').where('checkout_id', '=', checkout).execute();
  assert.deepEqual(
    payment.map((p) => p.status),
    ['Voided'],
    'the money held is released',
  );

  // Another customer, logged in, still has their use.
  const consumer = await s.login(DEMO_USERS.consumer.email);
  const theirs = await place(consumer, await paidCheckoutWith(consumer, 'ONCEEACH', DEMO_USERS.consumer.email));
  assert.equal(theirs.status, 201, theirs.text);

  const coupon = await couponOf(promotion.id);
  assert.equal(coupon.timesUsed, 2, 'the refused order is not a use');
  assert.equal(coupon.maxUsesPerCustomer, 1);
});

test('two orders of one customer at the same moment: one gets the coupon, the other is refused', async () => {
  const promotion = await couponPromotion('Once each, raced', { code: 'RACEEACH', maxUsesPerCustomer: 1 });
  const [a, b] = [s.agent(), s.agent()];
  const checkouts = [
    await paidCheckoutWith(a, 'RACEEACH', 'hopper@example.com'),
    await paidCheckoutWith(b, 'RACEEACH', 'hopper@example.com'),
  ];
  const answers = await Promise.all([place(a, checkouts[0]!), place(b, checkouts[1]!)]);
  assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409], answers.map((r) => r.text).join('\n'));
  const loser = answers.find((r) => r.status === 409)!;
  assert.equal(errorOf(loser).errorCode, 'COUPON_CUSTOMER_LIMIT_REACHED');
  assert.equal((await couponOf(promotion.id)).timesUsed, 1);
});

test('the limit is edited with the coupon list; a bad one is a 400 and changes nothing', async () => {
  const promotion = await couponPromotion('Edited limit', { code: 'EDITEACH', maxUses: 5 });
  assert.equal(promotion.coupons[0].maxUsesPerCustomer, null, 'no per-customer limit unless one is set');
  for (const coupon of [
    { code: 'EDITEACH', maxUses: 5, maxUsesPerCustomer: 0 },
    { code: 'EDITEACH', maxUses: 5, maxUsesPerCustomer: 6 },
    { code: 'EDITEACH', maxUses: 5, maxUsesPerCustomer: 1.5 },
    { code: 'EDITEACH', maxUses: 5, maxUsesPerCustomer: '2' },
  ]) {
    const bad = await admin.patch(`${WS}/promotions/${promotion.id}`, { coupons: [coupon] });
    assert.equal(bad.status, 400, `${JSON.stringify(coupon)}: ${bad.text}`);
    assert.equal(errorOf(bad).errorCode, 'INVALID_API_INPUT');
  }
  assert.equal((await couponOf(promotion.id)).maxUsesPerCustomer, null, 'nothing changed');
  const edited = await admin.patch(`${WS}/promotions/${promotion.id}`, {
    coupons: [{ code: 'EDITEACH', maxUses: 5, maxUsesPerCustomer: 2 }],
  });
  assert.equal(edited.status, 200, edited.text);
  assert.equal((await couponOf(promotion.id)).maxUsesPerCustomer, 2);
  // A change of another field keeps the limit.
  const renamed = await admin.patch(`${WS}/promotions/${promotion.id}`, { name: 'Edited limit, renamed' });
  assert.equal(renamed.status, 200, renamed.text);
  assert.equal((await couponOf(promotion.id)).maxUsesPerCustomer, 2);
});
