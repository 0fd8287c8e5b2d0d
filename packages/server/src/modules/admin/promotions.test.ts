// Promotions and coupons in the workspace (issue 15): the administrator (or a catalogue manager) creates and
// edits them through the API, a shopper uses the coupon at once, an order counts as a use, a used-up code is
// refused, bad input changes nothing, and a trial run prices a sample cart without touching any cart.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { ADDRESS, CONTACT, pay, payAndPlace, productIdOf } from '../../test-support/purchase.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { PROMOTION_IDS } from '../../seed/promotions.ts';
import { BUYER_GROUP_IDS, WEBSTORE_ID } from '../../seed/store.ts';

const WS = `/services/admin/webstores/${WEBSTORE_ID}`;
const CART = `${BASE}/carts/current`;

let s: TestServer;
let admin: Agent;
let manager: Agent;
let productId: string;
before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
  productId = await productIdOf(s, 'DS-00001');
});
after(async () => {
  await s.close();
});

/** How many rows a table has: what a refused or dry-run call must leave as it was. */
const rowCount = async (table: 'promotion' | 'cart') =>
  Number(
    (
      await s.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A line of the product in the agent's cart, and the code applied to it. */
async function cartWithCoupon(a: Agent, code: string): Promise<void> {
  const added = await a.post(`${CART}/cart-items`, { productId, quantity: '1', type: 'Product' });
  assert.equal(added.status, 201, added.text);
  const applied = await a.post(`${CART}/cart-coupons`, { couponCode: code.toLowerCase() });
  assert.equal(applied.status, 201, applied.text);
}

/** The shopper's cart with the product, the code applied, a checkout paid and placed: the order id. */
async function buyWithCoupon(a: Agent, code: string): Promise<string> {
  await cartWithCoupon(a, code);
  return payAndPlace(a, await addressedCheckout(a));
}

/** A checkout of the agent's cart with the test contact and address: its id. */
async function addressedCheckout(a: Agent): Promise<string> {
  const started = await a.put(`${BASE}/checkouts`, { cartId: 'active' });
  assert.equal(started.status, 202, started.text);
  const id = started.body.checkoutId as string;
  for (const patch of [{ contactInfo: CONTACT }, { deliveryAddress: ADDRESS }])
    assert.equal((await a.patch(`${BASE}/checkouts/${id}`, patch)).status, 202);
  return id;
}

describe('the coupon journey', () => {
  test('the administrator creates a coupon; a shopper gets its discount; the order counts as a use', async () => {
    const made = await admin.post(`${WS}/promotions`, {
      name: 'Journey: $7 off US Dentists',
      termsAndConditions: 'With code JOURNEY7, once.',
      priority: 1,
      target: 'Item',
      discount: { type: 'AmountOff', amount: '7.00' },
      productIds: [productId],
      coupons: [{ code: 'journey7', maxUses: 1 }],
    });
    assert.equal(made.status, 201, made.text);
    assert.match(made.body.id, /^0c8/);
    assert.deepEqual(
      made.body.coupons.map((c: any) => [c.code, c.maxUses, c.timesUsed, c.isActive]),
      [['JOURNEY7', 1, 0, true]],
    );

    const shopper = await s.login(DEMO_USERS.consumer.email);
    const orderId = await buyWithCoupon(shopper, 'JOURNEY7');
    const order = await shopper.api(`/order-summaries/${orderId}`);
    assert.equal(order.status, 200, order.text);
    assert.match(order.text, /JOURNEY7/, 'the order shows the coupon it used');

    const seen = await admin.get(`${WS}/promotions/${made.body.id}`);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.usage.orderCount, 1);
    assert.deepEqual(seen.body.usage.discountTotals, [{ currencyIsoCode: 'USD', amount: '-7.00' }]);
    assert.equal(seen.body.coupons[0].timesUsed, 1);
    const listed = await admin.get(`${WS}/promotions?q=journey`);
    assert.equal(listed.body.total, 1);
    assert.equal(listed.body.items[0].usage.orderCount, 1);

    // Its one use is taken: the next shopper is told so, and their cart keeps no coupon.
    const next = s.agent();
    await next.post(`${CART}/cart-items`, {
      productId,
      quantity: '1',
      type: 'Product',
    });
    const refused = await next.post(`${CART}/cart-coupons`, {
      couponCode: 'JOURNEY7',
    });
    assert.equal(refused.status, 400);
    assert.equal(errorOf(refused).errorCode, 'INVALID_COUPON');
    assert.match(errorOf(refused).message, /used up/);

    const audit = await admin.get(`${WS}/audit-log?recordId=${made.body.id}`);
    assert.equal(audit.status, 200);
    assert.deepEqual(
      audit.body.items.map((e: any) => [e.action, e.user.email, e.after.name]),
      [['create', DEMO_USERS.admin.email, 'Journey: $7 off US Dentists']],
    );
  });

  test('a code whose last use went while a shopper was paying refuses the order, and the money is released', async () => {
    const made = await admin.post(`${WS}/promotions`, {
      name: 'Race: 10% once',
      discount: { type: 'PercentOff', percent: '10' },
      coupons: [{ code: 'RACE10', maxUses: 1 }],
    });
    assert.equal(made.status, 201, made.text);
    const first = await s.login(DEMO_USERS.consumer.email);
    const second = s.agent();
    // Both have the code in their cart before either orders; the first order takes the one use.
    for (const a of [first, second]) await cartWithCoupon(a, 'RACE10');
    await s.db.db.updateTable('coupon').set({ times_used: 1 }).where('code', '=', 'RACE10').execute();
    const id = await addressedCheckout(second);
    await pay(second, id);
    const placed = await second.post(`${BASE}/checkouts/${id}/orders`);
    assert.equal(placed.status, 409, placed.text);
    assert.equal(errorOf(placed).errorCode, 'COUPON_USED_UP');
    const orders = await s.db.db.selectFrom('sales_order').select('id').where('checkout_id', '=', id).execute();
    assert.equal(orders.length, 0);
    const payments = await s.db.db.selectFrom('payment').select('status').where('checkout_id', '=', id).execute();
    assert.deepEqual(
      payments.map((p) => p.status),
      ['Voided'],
    );
    const coupon = await s.db.db
      .selectFrom('coupon')
      .select('times_used')
      .where('code', '=', 'RACE10')
      .executeTakeFirstOrThrow();
    assert.equal(coupon.times_used, 1);
  });
});

describe('editing promotions', () => {
  test('a catalogue manager creates and edits one; the next shopper price answer follows at once', async () => {
    const made = await manager.post(`${WS}/promotions`, {
      name: 'Manager: 12% off US Dentists',
      discount: { type: 'PercentOff', percent: '12' },
      productIds: [productId],
      isActive: false,
    });
    assert.equal(made.status, 201, made.text);
    // What a shopper's product page asks, of this process and of a second one on the same database: the
    // promotions that apply to the product.
    const other = await startTestServer({ shareDatabaseOf: s });
    const appliesIn = async (server: TestServer) =>
      (
        (await server.api(`/promotions/products?productIds=${productId}`)).body.promotionProducts[0]?.promotions ?? []
      ).some((p: any) => p.promotionId === made.body.id);
    const applies = async () => {
      const [here, there] = [await appliesIn(s), await appliesIn(other)];
      assert.equal(here, there, 'both processes answer alike');
      return here;
    };
    assert.equal(await applies(), false, 'switched off: not applied');

    const on = await manager.patch(`${WS}/promotions/${made.body.id}`, { isActive: true, priority: 2 });
    assert.equal(on.status, 200, on.text);
    assert.equal(on.body.isActive, true);
    assert.equal(on.body.priority, 2);
    assert.equal(on.body.name, 'Manager: 12% off US Dentists', 'fields not sent are kept');
    assert.equal(await applies(), true, 'switched on: applied');
    await other.close();

    const audit = await admin.get(`${WS}/audit-log?recordId=${made.body.id}&sort=occurredAt`);
    assert.deepEqual(
      audit.body.items.map((e: any) => [e.action, e.user.role]),
      [
        ['create', 'catalogue_manager'],
        ['update', 'catalogue_manager'],
      ],
    );
    assert.equal(audit.body.items[1].before.isActive, false);
    assert.equal(audit.body.items[1].after.isActive, true);
  });

  test('every rule the engine knows round-trips: tiers, audience, categories, dates, exclusive stacking', async () => {
    const category = await s.db.db.selectFrom('category').select('id').limit(1).executeTakeFirstOrThrow();
    const account = await s.db.db.selectFrom('account').select('id').limit(1).executeTakeFirstOrThrow();
    const body = {
      name: 'Buy more: tiers',
      termsAndConditions: null,
      priority: 7,
      stacking: 'Exclusive',
      target: 'Cart',
      discount: {
        type: 'TieredPercentOff',
        tiers: [
          { minQuantity: 2, percent: '5' },
          { minQuantity: 10, percent: '12.5' },
        ],
      },
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2030-01-01T00:00:00.000Z',
      productIds: null,
      categoryIds: [category.id],
      buyerGroupIds: [BUYER_GROUP_IDS.wholesale],
      accountIds: [account.id],
      oneTimeOnly: false,
      isActive: true,
      coupons: [
        { code: 'TIERS-A', maxUses: null },
        { code: 'TIERS_B', maxUses: 500 },
      ],
    };
    const made = await admin.post(`${WS}/promotions`, body);
    assert.equal(made.status, 201, made.text);
    const { id, coupons, ...fields } = made.body;
    const { coupons: _sent, ...expected } = body;
    assert.deepEqual(fields, expected);
    assert.deepEqual(
      coupons.map((c: any) => [c.code, c.maxUses]),
      [
        ['TIERS-A', null],
        ['TIERS_B', 500],
      ],
    );

    // Sending the coupon list replaces it: a dropped code is switched off (carts and orders may name it).
    const changed = await admin.patch(`${WS}/promotions/${id}`, { coupons: [{ code: 'tiers_b', maxUses: 2 }] });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(
      changed.body.coupons.map((c: any) => [c.code, c.maxUses, c.isActive]),
      [
        ['TIERS-A', null, false],
        ['TIERS_B', 2, true],
      ],
    );
  });

  test('bad input is a 400 (409 for a code taken) in the error shape, and nothing changes', async () => {
    const count = await rowCount('promotion');
    const bad: Array<[unknown, number, RegExp]> = [
      [{ name: 'Too much', discount: { type: 'PercentOff', percent: '150' } }, 400, /percentage/],
      [{ name: 'Zero', discount: { type: 'AmountOff', amount: '0' } }, 400, /greater than 0/],
      [
        {
          name: 'Backwards',
          discount: { type: 'PercentOff', percent: '5' },
          startsAt: '2027-02-01T00:00:00Z',
          endsAt: '2027-01-01T00:00:00Z',
        },
        400,
        /end after it starts/,
      ],
      [
        {
          name: 'Unsorted tiers',
          discount: {
            type: 'TieredPercentOff',
            tiers: [
              { minQuantity: 5, percent: '5' },
              { minQuantity: 3, percent: '10' },
            ],
          },
        },
        400,
        /higher than the tier before/,
      ],
      [
        { name: 'Ghost product', discount: { type: 'PercentOff', percent: '5' }, productIds: ['01t999999999999AAA'] },
        400,
        /isn't one of this store's/,
      ],
      [
        { name: 'Twice', discount: { type: 'PercentOff', percent: '5' }, coupons: [{ code: 'AB1' }, { code: 'ab1' }] },
        400,
        /twice/,
      ],
      [
        { name: 'Bad code', discount: { type: 'PercentOff', percent: '5' }, coupons: [{ code: 'a b' }] },
        400,
        /letters/,
      ],
      [
        { name: 'Taken', discount: { type: 'PercentOff', percent: '5' }, coupons: [{ code: 'welcome10' }] },
        409,
        /another promotion/,
      ],
      [{ name: '', discount: { type: 'PercentOff', percent: '5' } }, 400, /./],
      [{ name: 'No discount' }, 400, /./],
    ];
    for (const [body, status, message] of bad) {
      const res = await admin.post(`${WS}/promotions`, body);
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
      assert.match(errorOf(res).message, message);
    }
    const patched = await admin.patch(`${WS}/promotions/${PROMOTION_IDS.welcome}`, {
      endsAt: '1999-01-01T00:00:00Z',
      startsAt: '2000-01-01T00:00:00Z',
    });
    assert.equal(patched.status, 400);
    assert.equal((await admin.patch(`${WS}/promotions/0c8999999999999AAA`, { priority: 1 })).status, 404);
    assert.equal(await rowCount('promotion'), count);
    const welcome = await admin.get(`${WS}/promotions/${PROMOTION_IDS.welcome}`);
    assert.equal(welcome.body.startsAt, null);
  });
});

describe('trying a promotion on a sample cart', () => {
  test('a draft is priced for the buyer with the live promotions, and no cart is written', async () => {
    const before = await rowCount('cart');
    const tried = await manager.post(`${WS}/promotions/actions/try`, {
      promotion: {
        name: 'Draft: 50% off with DRAFT50',
        discount: { type: 'PercentOff', percent: '50' },
        productIds: [productId],
        coupons: [{ code: 'DRAFT50' }],
      },
      lines: [{ productId, quantity: 1 }],
      alone: true,
    });
    assert.equal(tried.status, 200, tried.text);
    assert.equal(tried.body.promotion.id, 'draft');
    assert.equal(tried.body.promotion.applies, true);
    const line = tried.body.lines[0];
    assert.equal(line.productId, productId);
    assert.deepEqual(tried.body.coupons, [{ couponCode: 'DRAFT50', isValid: true, couponErrorCode: null }]);
    // Half of the buyer's price, to the cent, and the totals add up.
    const price = Number(line.salesPrice);
    assert.equal(line.adjustments[0].amount, (-Math.round(price * 50) / 100).toFixed(2));
    assert.equal(tried.body.total, line.totalAfter);
    assert.equal(await rowCount('cart'), before);

    // A saved promotion tried before its start date applies nothing now, and does as of a date inside it.
    const later = await admin.post(`${WS}/promotions`, {
      name: 'Next year: 20% off',
      discount: { type: 'PercentOff', percent: '20' },
      productIds: [productId],
      startsAt: '2031-01-01T00:00:00Z',
    });
    const now = await admin.post(`${WS}/promotions/actions/try`, {
      promotionId: later.body.id,
      lines: [{ productId, quantity: 1 }],
      alone: true,
    });
    assert.equal(now.body.promotion.applies, false);
    const then = await admin.post(`${WS}/promotions/actions/try`, {
      promotionId: later.body.id,
      lines: [{ productId, quantity: 1 }],
      at: '2031-06-01T00:00:00Z',
      alone: true,
    });
    assert.equal(then.body.promotion.applies, true);

    const bad = await admin.post(`${WS}/promotions/actions/try`, { lines: [{ productId, quantity: 1 }] });
    assert.equal(bad.status, 400);
    assert.match(errorOf(bad).message, /promotionId|promotion/);
  });
});
