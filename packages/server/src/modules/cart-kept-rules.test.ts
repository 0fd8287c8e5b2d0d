// The promotion rules and tax rates a cart change applies are kept per process (issue 20), keyed by versions the
// database bumps (migration 034); so are a cart's coupon codes, by the cart's version. Over real HTTP against a real database (SQLite, or PostgreSQL with
// DATABASE_URL): every write, through the workspace API or straight into the tables, changes the very next add's
// answer, in a second process on the same database that had the old rules and rates in hand.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { productIdOf } from '../test-support/purchase.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { TAX_POLICY_IDS, WEBSTORE_ID } from '../seed/store.ts';
import { DEMO_COUPONS } from '../seed/promotions.ts';

const WS = `/services/admin/webstores/${WEBSTORE_ID}`;
const CART = `${BASE}/carts/current`;

let s: TestServer;
/** The shoppers' process: a second server on the same database, whose kept rules must follow s's writes. */
let shop: TestServer;
let admin: Agent;
const products: string[] = [];
before(async () => {
  s = await startTestServer();
  shop = await startTestServer({ shareDatabaseOf: s });
  admin = await s.login(DEMO_USERS.admin.email);
  for (const n of [21, 22, 23, 24, 25, 26, 27, 28]) products.push(await productIdOf(s, `DS-000${n}`));
});
after(async () => {
  await shop?.close();
  await s?.close();
});

/** A fresh guest of the shoppers' process adds one product: the line the add answers. */
async function addOne(productId: string) {
  const guest = shop.agent();
  const r = await guest.post(`${CART}/cart-items`, { productId, quantity: '1', type: 'Product' });
  assert.equal(r.status, 201, r.text);
  return r.body;
}
/** The line's adjustments by this test's promotions (some datasets also carry the demo's Services promotion). */
const names = (line: any): string[] =>
  line.adjustments.map((a: any) => a.displayName).filter((n: string) => n.startsWith('Kept rules'));

describe('rules and rates kept per process', () => {
  test('a promotion created, changed or deleted (API or straight in the table) changes the next add', async () => {
    const [p0, p1, p2, p3, p4, p5] = products;
    assert.deepEqual(names(await addOne(p0!)), [], 'not yet (and the rules are now kept)');

    const made = await admin.post(`${WS}/promotions`, {
      name: 'Kept rules: 12% off',
      discount: { type: 'PercentOff', percent: '12' },
      productIds: products,
    });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(names(await addOne(p1!)), ['Kept rules: 12% off'], 'created through the API');

    const changed = await admin.patch(`${WS}/promotions/${made.body.id}`, { name: 'Kept rules: renamed' });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(names(await addOne(p2!)), ['Kept rules: renamed'], 'changed through the API');

    await s.db.db.updateTable('promotion').set({ is_active: 0 }).where('id', '=', made.body.id).execute();
    assert.deepEqual(names(await addOne(p3!)), [], 'switched off straight in the table');

    await s.db.db.deleteFrom('promotion').where('id', '=', made.body.id).execute();
    const id = '0c8000000000777AAA';
    await s.db.db
      .insertInto('promotion')
      .values({
        id,
        webstore_id: WEBSTORE_ID,
        name: 'Kept rules: written in',
        terms: null,
        priority: 1,
        stacking: 'Combinable',
        target: 'Item',
        discount_json: JSON.stringify({ type: 'AmountOff', amount: '1.00' }),
        starts_at: null,
        ends_at: null,
        product_ids_json: JSON.stringify(products),
        category_ids_json: null,
        buyer_group_ids_json: null,
        account_ids_json: null,
        one_time_only: 0,
        is_active: 1,
      })
      .execute();
    try {
      const line = await addOne(p4!);
      assert.deepEqual(names(line), ['Kept rules: written in'], 'inserted straight into the table');
      assert.ok(line.adjustments.some((a: any) => a.adjustmentAmount === '-1.00'));
    } finally {
      await s.db.db.deleteFrom('promotion').where('id', '=', id).execute();
    }
    assert.deepEqual(names(await addOne(p5!)), [], 'deleted straight from the table');
  });

  test('a coupon written straight into the table applies; counting its uses keeps the rules', async () => {
    const made = await admin.post(`${WS}/promotions`, {
      name: 'Kept rules: coupon',
      discount: { type: 'PercentOff', percent: '5' },
      productIds: products,
      coupons: [{ code: 'KEPTA' }],
    });
    assert.equal(made.status, 201, made.text);
    const guest = shop.agent();
    assert.equal((await guest.post(`${CART}/cart-items`, { productId: products[6], quantity: '1' })).status, 201);
    await s.db.db
      .insertInto('coupon')
      .values({
        id: '0Qc000000000777AAA',
        promotion_id: made.body.id,
        webstore_id: WEBSTORE_ID,
        code: 'KEPTB',
        is_active: 1,
      })
      .execute();
    const applied = await guest.post(`${CART}/cart-coupons`, { couponCode: 'keptb' });
    assert.equal(applied.status, 201, applied.text);
    const lines = (await guest.get(`${CART}/cart-items`)).body.cartItems;
    assert.deepEqual(names(lines[0].cartItem), ['Kept rules: coupon']);
    // What placing an order writes (times_used) is no change of the rules: the store's version stays.
    const version = async () =>
      (
        await s.db.db
          .selectFrom('webstore')
          .select('promotions_version')
          .where('id', '=', WEBSTORE_ID)
          .executeTakeFirstOrThrow()
      ).promotions_version;
    const before = await version();
    await s.db.db.updateTable('coupon').set({ times_used: 3 }).where('code', '=', 'KEPTB').execute();
    assert.equal(await version(), before);
    await s.db.db.updateTable('coupon').set({ is_active: 0 }).where('code', '=', 'KEPTB').execute();
    assert.ok((await version()) > before, 'switching the code off is a change of the rules');
  });

  test('a tax rate changed straight in the table is charged on the next add', async () => {
    const rate = () =>
      s.db.db
        .updateTable('tax_rate')
        .where('tax_policy_id', '=', TAX_POLICY_IDS.digital)
        .where('country', '=', 'US')
        .where('region', 'is', null);
    const zero = await addOne(products[7]!);
    assert.equal(zero.totalTax, '0.00', 'digital data is not taxed US-wide');
    await rate().set({ rate_percentage: '10' }).execute();
    try {
      const taxed = await addOne(products[7]!);
      // 10% of the line in cents, rounded half down (policies/tax-calculation.ts).
      const cents = Math.round(Number(taxed.totalAmount) * 100);
      assert.ok(cents > 0);
      assert.equal(taxed.totalTax, (Math.ceil(cents / 10 - 0.5) / 100).toFixed(2));
    } finally {
      await rate().set({ rate_percentage: '0' }).execute();
    }
    assert.equal((await addOne(products[7]!)).totalTax, '0.00', 'and back');
  });

  test('a cart changed in turn by two processes applies the coupons the other one applied or removed', async () => {
    // One shopper (one session) whose requests land on either process.
    const here = s.agent();
    const there = shop.agent();
    const both = (a: Agent) => {
      for (const [k, v] of a.cookies) (a === here ? there : here).cookies.set(k, v);
    };
    const add = async (a: Agent, productId: string) => {
      const r = await a.post(`${CART}/cart-items`, { productId, quantity: '1', type: 'Product' });
      assert.equal(r.status, 201, r.text);
      both(a);
    };
    const welcome = async () =>
      (await here.get(`${CART}/cart-items`)).body.cartItems.map(({ cartItem }: any) =>
        cartItem.adjustments.some((x: any) => x.couponCode === DEMO_COUPONS.welcome),
      );
    await add(there, products[0]!);
    const applied = await here.post(`${CART}/cart-coupons`, { couponCode: DEMO_COUPONS.welcome });
    assert.equal(applied.status, 201, applied.text);
    await add(there, products[1]!);
    assert.deepEqual(await welcome(), [true, true], 'the coupon applied here counts in the add there');
    const coupons = (await here.get(`${CART}/cart-coupons`)).body.cartCoupons.coupons;
    assert.equal((await there.delete(`${CART}/cart-coupons/${coupons[0].cartCouponId}`)).status, 204);
    await add(here, products[2]!);
    assert.deepEqual(await welcome(), [false, false, false], 'the coupon removed there is gone from the add here');
  });
});
