// Checkout, payments and orders over real HTTP against a real database (SQLite, or PostgreSQL with
// DATABASE_URL): a guest buying a dataset by card, a buyer paying a managed account's order by purchase
// order, split shipments with delivery fees and destination tax, declines, a cart changed after payment,
// the last unit raced for, idempotent retries, subscriptions, and every refusal that must change nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, errorOf, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { PRICE_BOOK_IDS, SELLING_MODEL_IDS, WEBSTORE_ID } from '../seed/store.ts';
import { DELIVERY_METHOD_IDS } from '../seed/checkout.ts';
import { DEMO_COUPONS } from '../seed/promotions.ts';
import { ADDRESS, CONTACT } from '../test-support/purchase.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

const BASE = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;
const post = (a: Agent, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  a.post(BASE + path, body, { headers });
const patch = (a: Agent, path: string, body: unknown) => a.patch(BASE + path, body);
const put = (a: Agent, path: string, body?: unknown) => a.put(BASE + path, body);
const del = (a: Agent, path: string) =>
  a.get(BASE + path, { method: 'DELETE', headers: { 'x-csrf-token': a.cookies.get('csrf_token') ?? '' } });
const cents = (amount: string) => Math.round(Number(amount) * 100);

interface Product {
  id: string;
  sku: string;
  name: string;
  qty_max: string;
  fulfilment: string;
}
async function products(filter: (p: Product) => boolean, n = 1, offset = 0): Promise<Product[]> {
  const rows = await s.db.db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select(['product.id', 'product.sku', 'product.name', 'product.qty_max', 'product.fulfilment'])
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('price_book_entry.selling_model_id', 'is', null)
    .where('product.is_active', '=', 1)
    .where('product.product_class', 'in', ['Simple', 'Variation'])
    .where('product.sku', 'not like', 'PX-%')
    .orderBy('product.sku')
    .execute();
  const out = rows.filter(filter).slice(offset, offset + n);
  assert.equal(out.length, n, `need ${n} products`);
  return out;
}
const dataset = (p: Product) => p.fulfilment === 'Dataset' && p.qty_max === '1' && p.sku.startsWith('DS-');
const printed = (p: Product) => p.fulfilment === 'Physical';

async function addLine(a: Agent, productId: string, quantity = '1', extra: Record<string, unknown> = {}) {
  const res = await post(a, '/carts/current/cart-items', { productId, quantity, type: 'Product', ...extra });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** A cart through to a paid checkout: start, contact (guests), address, card. */
async function paidCheckout(a: Agent, opts: { contact?: boolean; token?: string } = {}) {
  const started = await put(a, '/checkouts', { cartId: 'active' });
  assert.equal(started.status, 202, started.text);
  const id = started.body.checkoutId as string;
  if (opts.contact !== false) assert.equal((await patch(a, `/checkouts/${id}`, { contactInfo: CONTACT })).status, 202);
  assert.equal((await patch(a, `/checkouts/${id}`, { deliveryAddress: ADDRESS })).status, 202);
  const paid = await post(a, `/checkouts/${id}/payments`, {
    requestType: 'Auth',
    paymentToken: opts.token ?? 'tok_test_success_visa_4242',
    billingAddress: ADDRESS,
  });
  return { id, paid };
}

const counts = async () => ({
  orders: Number(
    (
      await s.db.db
        .selectFrom('sales_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  payments: Number(
    (
      await s.db.db
        .selectFrom('payment')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'Authorized')
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('a guest buys a dataset by card', () => {
  test('start, contact, address, pay, place: one order, the cart closed, the checkout gone, a retry the same order', async () => {
    const a = s.agent();
    const [ds] = await products(dataset);
    await addLine(a, ds!.id);
    const started = await put(a, '/checkouts', { cartId: 'active' });
    assert.equal(started.status, 202);
    assert.match(started.body.checkoutId, /^2z9[A-Za-z0-9]{15}$/);
    const id = started.body.checkoutId;
    const got = await a.api(`/checkouts/${id}`);
    assert.equal(got.status, 200);
    assert.equal(got.body.checkoutStatus, 200);
    assert.equal(got.body.isGuestCheckout, true);
    assert.equal(got.body.contactInfo, null);
    const [group] = got.body.deliveryGroups.items;
    assert.equal(got.body.deliveryGroups.count, 1);
    assert.equal(group.isAllDigitalCartItems, true);
    assert.equal(
      group.selectedDeliveryMethod.id,
      DELIVERY_METHOD_IDS.digital,
      'a dataset goes by download, chosen for the shopper',
    );
    assert.deepEqual(
      group.availableDeliveryMethods.map((m: { deliveryKind: string }) => m.deliveryKind),
      ['Digital'],
    );
    assert.equal(got.body.cartSummary.totalChargeAmount, '0.00');
    assert.equal((await a.api('/checkouts/active')).body.checkoutId, id, 'active names the live checkout');
    assert.equal(
      (await put(a, '/checkouts', { cartId: 'active' })).body.checkoutId,
      id,
      'starting again finds the same checkout',
    );

    // Nothing is placed while contact details, address or payment are missing.
    const early = await post(a, `/checkouts/${id}/orders`);
    assert.equal(early.status, 412);
    assert.equal(errorOf(early).errorCode, 'MISSING_CONTACT_INFO');
    const badEmail = await patch(a, `/checkouts/${id}`, { contactInfo: { lastName: 'Lovelace', email: 'ada@' } });
    assert.equal(badEmail.status, 400);
    assert.equal(errorOf(badEmail).message, 'Enter a valid email address, such as you@example.com.');
    // The phone is optional: given, it is kept; emptied in the form (sent as null), it is removed.
    const phoned = await patch(a, `/checkouts/${id}`, { contactInfo: { ...CONTACT, phoneNumber: '+1 415 555 0100' } });
    assert.equal(phoned.status, 202, phoned.text);
    assert.equal(phoned.body.contactInfo.phoneNumber, '+1 415 555 0100');
    const unphoned = await patch(a, `/checkouts/${id}`, { contactInfo: { ...CONTACT, phoneNumber: null } });
    assert.equal(unphoned.status, 202, unphoned.text);
    assert.equal(unphoned.body.contactInfo.phoneNumber, null);
    const both = await patch(a, `/checkouts/${id}`, {
      deliveryAddress: ADDRESS,
      deliveryMethodId: DELIVERY_METHOD_IDS.digital,
    });
    assert.equal(both.status, 400, 'an address and a method in one PATCH are refused');
    const legacy = await patch(a, `/checkouts/${id}`, { shippingAddress: ADDRESS });
    assert.equal(legacy.status, 400);
    const withAddress = await patch(a, `/checkouts/${id}`, { deliveryAddress: ADDRESS });
    assert.equal(withAddress.status, 202);
    assert.equal(withAddress.body.deliveryGroups.items[0].deliveryAddress.street, '415 Mission St');
    const prepare = await post(a, `/checkouts/${id}/orders/actions/prepare`);
    assert.deepEqual(
      prepare.body.errors.map((e: { type: string }) => e.type),
      ['/commerce/errors/payment-required'],
    );
    const unpaid = await post(a, `/checkouts/${id}/orders`);
    assert.equal(unpaid.status, 422);
    assert.equal(errorOf(unpaid).errorCode, 'PAYMENT_REQUIRED');

    const cardNumber = await post(a, `/checkouts/${id}/payments`, {
      requestType: 'Auth',
      paymentToken: '4242 4242 4242 4242',
      billingAddress: ADDRESS,
    });
    assert.equal(cardNumber.status, 400, 'a card number is refused and never stored');
    const stored = await s.db.db.selectFrom('payment').selectAll().where('checkout_id', '=', id).execute();
    assert.equal(stored.length, 0);

    const paid = await post(a, `/checkouts/${id}/payments`, {
      requestType: 'Auth',
      paymentToken: 'tok_test_success_visa_4242',
      billingAddress: ADDRESS,
    });
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.salesforceResultCode, 'Success');
    assert.deepEqual(paid.body.errors, []);
    assert.equal(paid.body.paymentData.cardLast4, '4242');
    const ready = await a.api(`/checkouts/${id}`);
    assert.equal(ready.body.payment.coversCart, true);
    assert.equal(ready.body.payment.amount, ready.body.cartSummary.grandTotalAmount);

    const placed = await post(a, `/checkouts/${id}/orders`, undefined, { 'idempotency-key': `guest-${id}` });
    assert.equal(placed.status, 201, placed.text);
    assert.match(placed.body.orderReferenceNumber, /^DD-\d{8}$/);
    assert.match(placed.body.orderSummaryId, /^801/);
    const retried = await post(a, `/checkouts/${id}/orders`, undefined, { 'idempotency-key': `guest-${id}` });
    assert.equal(retried.status, 201);
    assert.deepEqual(retried.body, placed.body, 'the same key returns the same order');
    assert.equal(retried.headers.get('idempotent-replayed'), 'true');
    const again = await post(a, `/checkouts/${id}/orders`);
    assert.equal(again.body.orderSummaryId, placed.body.orderSummaryId, 'and so does the same checkout without a key');
    assert.equal(
      (await s.db.db.selectFrom('sales_order').select('id').where('checkout_id', '=', id).execute()).length,
      1,
    );

    const gone = await a.api(`/checkouts/${id}`);
    assert.equal(gone.status, 410);
    assert.match(errorOf(gone).message, new RegExp(placed.body.orderReferenceNumber));
    assert.equal(
      (await a.api('/carts/current')).body.cartId,
      null,
      'the cart is closed; the next add starts a new one',
    );

    const order = await a.api(`/order-summaries/${placed.body.orderSummaryId}`);
    assert.equal(order.status, 200);
    assert.equal(order.body.orderNumber, placed.body.orderReferenceNumber);
    assert.equal(order.body.status, 'Activated');
    assert.equal(order.body.contactInfo.email, 'ada@example.com');
    assert.equal(order.body.lines.length, 1);
    assert.equal(order.body.lines[0].productId, ds!.id);
    assert.equal(order.body.hasDownloads, true);
    assert.equal(order.body.grandTotalAmount, ready.body.cartSummary.grandTotalAmount);
    const history = await a.api('/order-summaries');
    assert.deepEqual(
      history.body.orderSummaries.map((o: { orderSummaryId: string }) => o.orderSummaryId),
      [placed.body.orderSummaryId],
    );

    // Another guest sees none of it.
    const other = s.agent();
    assert.equal((await other.api(`/order-summaries/${placed.body.orderSummaryId}`)).status, 404);
    assert.equal((await other.api(`/checkouts/${id}`)).status, 404);
    assert.equal((await other.api('/order-summaries')).body.count, 0);
  });

  test('a declined card says so and places nothing; another card then works', async () => {
    const a = s.agent();
    const [ds] = await products(dataset, 1, 1);
    await addLine(a, ds!.id);
    const before = await counts();
    const { id, paid } = await paidCheckout(a, { token: 'tok_test_decline_visa_0002' });
    assert.equal(paid.status, 422);
    assert.equal(paid.body.salesforceResultCode, 'Decline');
    assert.equal(paid.body.errors[0].title, 'Your card was declined.');
    const refused = await post(a, `/checkouts/${id}/orders`);
    assert.equal(refused.status, 422);
    assert.equal(errorOf(refused).errorCode, 'PAYMENT_REQUIRED');
    const failed = await post(a, `/checkouts/${id}/payments`, {
      requestType: 'Auth',
      paymentToken: 'tok_test_fail_visa_0119',
      billingAddress: ADDRESS,
    });
    assert.equal(failed.status, 502);
    assert.equal(failed.body.salesforceResultCode, 'SystemError');
    assert.deepEqual(await counts(), before, 'no order and no held payment');
    const ok = await post(a, `/checkouts/${id}/payments`, {
      requestType: 'Auth',
      paymentToken: 'tok_test_success_mastercard_4444',
      billingAddress: ADDRESS,
    });
    assert.equal(ok.status, 200);
    assert.equal((await post(a, `/checkouts/${id}/orders`)).status, 201);
  });

  test('a cart changed after payment is refused (409) until paid again; paying twice keeps one live payment', async () => {
    const a = s.agent();
    const [one, two] = await products(dataset, 2, 2);
    await addLine(a, one!.id);
    const { id, paid } = await paidCheckout(a);
    assert.equal(paid.status, 200);
    const line = await addLine(a, two!.id);
    assert.ok(line.cartItemId);
    const stale = await a.api(`/checkouts/${id}`);
    assert.equal(stale.body.payment.coversCart, false);
    const refused = await post(a, `/checkouts/${id}/orders`);
    assert.equal(refused.status, 409);
    assert.equal(errorOf(refused).errorCode, 'CHECKOUT_CONFLICT');
    const repaid = await post(a, `/checkouts/${id}/payments`, {
      requestType: 'Auth',
      paymentToken: 'tok_test_success_visa_4242',
      billingAddress: ADDRESS,
    });
    assert.equal(repaid.status, 200);
    const payments = await s.db.db
      .selectFrom('payment')
      .select(['status', 'amount_minor'])
      .where('checkout_id', '=', id)
      .orderBy('created_at')
      .execute();
    assert.deepEqual(
      payments.map((p) => p.status),
      ['Voided', 'Authorized'],
      'the first authorisation is released',
    );
    const placed = await post(a, `/checkouts/${id}/orders`);
    assert.equal(placed.status, 201);
    const order = await a.api(`/order-summaries/${placed.body.orderSummaryId}`);
    assert.equal(order.body.lines.length, 2);
    assert.equal(cents(order.body.grandTotalAmount), payments[1]!.amount_minor);
  });

  test('guest checkout switched off: a guest is asked to log in; nothing starts', async () => {
    const store = await s.db.db
      .selectFrom('webstore')
      .select('settings_json')
      .where('id', '=', WEBSTORE_ID)
      .executeTakeFirstOrThrow();
    const settings = JSON.parse(store.settings_json);
    await s.db.db
      .updateTable('webstore')
      .set({ settings_json: JSON.stringify({ ...settings, guestCheckoutEnabled: false }) })
      .where('id', '=', WEBSTORE_ID)
      .execute();
    await s.catalogueChanged();
    try {
      const a = s.agent();
      const [ds] = await products(dataset, 1, 4);
      await addLine(a, ds!.id);
      const refused = await put(a, '/checkouts', { cartId: 'active' });
      assert.equal(refused.status, 401);
      assert.match(errorOf(refused).message, /Log in to check out/);
      assert.equal(
        (
          await s.db.db
            .selectFrom('checkout')
            .select('id')
            .where('cart_id', '=', (await a.api('/carts/current')).body.cartId)
            .execute()
        ).length,
        0,
      );
    } finally {
      await s.db.db
        .updateTable('webstore')
        .set({ settings_json: store.settings_json })
        .where('id', '=', WEBSTORE_ID)
        .execute();
      await s.catalogueChanged();
    }
  });
});

describe('printed directories ship', () => {
  test('a mixed cart splits into a download group and a shipment with a fee; tax follows the address', async () => {
    const a = s.agent();
    const [ds] = await products(dataset, 1, 5);
    const [book] = await products(printed);
    await addLine(a, ds!.id);
    await addLine(a, book!.id, '2');
    const { id } = await paidCheckout(a);
    const co = (await a.api(`/checkouts/${id}`)).body;
    assert.equal(co.deliveryGroups.count, 2);
    const shipped = co.deliveryGroups.items.find((g: { isAllDigitalCartItems: boolean }) => !g.isAllDigitalCartItems);
    const digital = co.deliveryGroups.items.find((g: { isAllDigitalCartItems: boolean }) => g.isAllDigitalCartItems);
    assert.equal(digital.selectedDeliveryMethod.id, DELIVERY_METHOD_IDS.digital);
    assert.equal(
      shipped.selectedDeliveryMethod.id,
      DELIVERY_METHOD_IDS.ground,
      'the first shipped method serving the US',
    );
    assert.deepEqual(
      shipped.availableDeliveryMethods.map((m: { id: string }) => m.id),
      [DELIVERY_METHOD_IDS.ground, DELIVERY_METHOD_IDS.express],
    );
    assert.equal(co.cartSummary.totalChargeAmount, '9.95');
    // California: printed goods 7.25 %, digital data exempt.
    // Half-up in integer cents: 7.25 % is 725 / 10000.
    assert.equal(
      cents(co.cartSummary.totalTaxAmount),
      Math.floor((cents(shipped.totalProductAmount) * 725 + 5000) / 10000),
    );

    const express = await patch(a, `/checkouts/${id}`, { deliveryMethodId: DELIVERY_METHOD_IDS.express });
    assert.equal(express.status, 202);
    assert.equal(express.body.cartSummary.totalChargeAmount, '24.95');
    assert.equal(
      express.body.payment.coversCart,
      false,
      'a new method changes the total: the payment no longer covers it',
    );
    const wrong = await patch(a, `/checkouts/${id}`, { deliveryMethodId: DELIVERY_METHOD_IDS.international });
    assert.equal(wrong.status, 400, 'a method that does not serve the address is refused');

    const abroad = await patch(a, `/checkouts/${id}`, {
      deliveryAddress: {
        name: 'Ada Lovelace',
        street: '10 Downing St',
        city: 'London',
        postalCode: 'SW1A 2AA',
        country: 'GB',
      },
    });
    assert.equal(abroad.status, 202);
    const shippedAbroad = abroad.body.deliveryGroups.items.find(
      (g: { isAllDigitalCartItems: boolean }) => !g.isAllDigitalCartItems,
    );
    assert.equal(shippedAbroad.selectedDeliveryMethod.id, DELIVERY_METHOD_IDS.international);
    assert.equal(abroad.body.cartSummary.totalChargeAmount, '39.00');
    const nowhere = await patch(a, `/checkouts/${id}`, {
      deliveryAddress: { name: 'Ada', street: '1 Rue', city: 'Lima', country: 'PE' },
    });
    assert.equal(nowhere.status, 400);
    assert.match(errorOf(nowhere).message, /doesn't deliver to PE/);

    const stockBefore = await s.db.db
      .selectFrom('inventory_level')
      .select((eb) => eb.fn.sum<number>('on_hand').as('n'))
      .where('product_id', '=', book!.id)
      .executeTakeFirstOrThrow();
    const paid = await post(a, `/checkouts/${id}/payments`, {
      requestType: 'Auth',
      paymentToken: 'tok_test_success_visa_4242',
      billingAddress: ADDRESS,
    });
    assert.equal(paid.status, 200);
    const placed = await post(a, `/checkouts/${id}/orders`);
    assert.equal(placed.status, 201);
    const stockAfter = await s.db.db
      .selectFrom('inventory_level')
      .select((eb) => eb.fn.sum<number>('on_hand').as('n'))
      .where('product_id', '=', book!.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(stockBefore.n) - Number(stockAfter.n), 2, 'two directories left the warehouses');
    const order = (await a.api(`/order-summaries/${placed.body.orderSummaryId}`)).body;
    assert.equal(order.totalChargeAmount, '39.00');
    assert.deepEqual(order.deliveryGroups.map((g: { deliveryKind: string }) => g.deliveryKind).sort(), [
      'Digital',
      'Shipped',
    ]);
  });

  test('two buyers race for the last unit: one order, the other INSUFFICIENT_INVENTORY with its payment released', async () => {
    const [book] = await products(printed, 1, 1);
    const levels = await s.db.db
      .selectFrom('inventory_level')
      .select(['location_id'])
      .where('product_id', '=', book!.id)
      .execute();
    for (const [i, l] of levels.entries()) {
      await s.db.db
        .updateTable('inventory_level')
        .set({ on_hand: i === 0 ? 1 : 0, reserved: 0 })
        .where('product_id', '=', book!.id)
        .where('location_id', '=', l.location_id)
        .execute();
    }
    const [a, b] = [s.agent(), s.agent()];
    await addLine(a, book!.id);
    await addLine(b, book!.id);
    const [ca, cb] = [await paidCheckout(a), await paidCheckout(b)];
    assert.equal(ca.paid.status, 200);
    assert.equal(cb.paid.status, 200);
    const results = await Promise.all([post(a, `/checkouts/${ca.id}/orders`), post(b, `/checkouts/${cb.id}/orders`)]);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    assert.equal(errorOf(loser).errorCode, 'INSUFFICIENT_INVENTORY');
    const loserId = results[0]!.status === 409 ? ca.id : cb.id;
    const payment = await s.db.db
      .selectFrom('payment')
      .select('status')
      .where('checkout_id', '=', loserId)
      .executeTakeFirstOrThrow();
    assert.equal(payment.status, 'Voided');
    const stock = await s.db.db
      .selectFrom('inventory_level')
      .select('on_hand')
      .where('product_id', '=', book!.id)
      .execute();
    assert.deepEqual(stock.map((r) => r.on_hand).sort(), [0, 0]);
    const loserView = await (results[0]!.status === 409 ? a : b).api(`/checkouts/${loserId}`);
    assert.equal(loserView.status, 422, 'the checkout reports the shortage for the shopper to fix');
    assert.match(loserView.body.errors[0].title, /out of stock|Only 0/);
  });
});

describe('a buyer for a managed account', () => {
  test('purchase order, coupon within the checkout, volume-tier price; the order is in that account\u2019s history only', async () => {
    const buyer = await s.login(DEMO_USERS.buyer.email);
    const accounts = await s.db.db.selectFrom('account').select(['id', 'name']).execute();
    const contoso = accounts.find((x) => x.name === 'Contoso Dental Group')!.id;
    const northwind = accounts.find((x) => x.name === 'Northwind Traders')!.id;
    const q = `?effectiveAccountId=${contoso}`;
    // A product with volume tiers that may be bought in quantity.
    const tiered = await s.db.db
      .selectFrom('price_adjustment_tier')
      .innerJoin('price_book_entry', 'price_book_entry.id', 'price_adjustment_tier.price_book_entry_id')
      .innerJoin('product', 'product.id', 'price_book_entry.product_id')
      .select([
        'product.id',
        'price_adjustment_tier.lower_bound',
        'price_book_entry.unit_price_minor',
        'price_adjustment_tier.adjustment_type',
        'price_adjustment_tier.adjustment_value',
      ])
      .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
      .where('price_book_entry.selling_model_id', 'is', null)
      .where('product.qty_max', '!=', '1')
      .where('product.fulfilment', '=', 'Dataset')
      .where('price_adjustment_tier.lower_bound', '>', 1)
      .orderBy('product.sku')
      .orderBy('price_adjustment_tier.lower_bound')
      .limit(1)
      .executeTakeFirstOrThrow();
    const line = await post(buyer, `/carts/current/cart-items${q}`, {
      productId: tiered.id,
      quantity: String(tiered.lower_bound),
      type: 'Product',
    });
    assert.equal(line.status, 201, line.text);
    assert.ok(cents(line.body.salesPrice) < tiered.unit_price_minor, 'the tier price applies at this quantity');

    const started = await put(buyer, `/checkouts${q}`, { cartId: 'active' });
    assert.equal(started.status, 202);
    const id = started.body.checkoutId;
    assert.equal(
      started.body.contactInfo.email,
      DEMO_USERS.buyer.email,
      'a logged-in buyer\u2019s contact details are filled in',
    );
    assert.equal(
      started.body.deliveryGroups.items[0].deliveryAddress.street,
      '48 Congress Ave',
      'the account\u2019s default address is used',
    );
    const coupon = await post(buyer, `/checkouts/${id}/coupons${q}`, { couponCode: DEMO_COUPONS.welcome });
    assert.equal(coupon.status, 201, coupon.text);
    const withCoupon = (await buyer.api(`/checkouts/${id}${q}`)).body;
    assert.ok(cents(withCoupon.cartSummary.totalPromotionalAdjustmentAmount) < 0, 'the coupon discounts the order');

    const badPo = await post(buyer, `/checkouts/${id}/payments${q}`, {
      requestType: 'SimplePurchaseOrder',
      paymentToken: '<script>',
    });
    assert.equal(badPo.status, 400);
    const po = await post(buyer, `/checkouts/${id}/payments${q}`, {
      requestType: 'SimplePurchaseOrder',
      paymentToken: 'PO-7731',
    });
    assert.equal(po.status, 200, po.text);
    assert.equal(po.body.paymentData.method, 'PurchaseOrder');
    const placed = await post(buyer, `/checkouts/${id}/orders${q}`);
    assert.equal(placed.status, 201, placed.text);

    const order = (await buyer.api(`/order-summaries/${placed.body.orderSummaryId}${q}`)).body;
    assert.equal(order.accountName, 'Contoso Dental Group');
    assert.equal(order.purchaseOrderNumber, 'PO-7731');
    assert.equal(order.lines[0].salesPrice, line.body.salesPrice);
    assert.ok(
      order.lines[0].adjustments.some((x: { couponCode: string | null }) => x.couponCode === DEMO_COUPONS.welcome) ||
        order.cartAdjustments.some((x: { couponCode: string | null }) => x.couponCode === DEMO_COUPONS.welcome),
    );
    assert.equal(order.grandTotalAmount, withCoupon.cartSummary.grandTotalAmount);
    const contosoHistory = await buyer.api(`/order-summaries${q}`);
    assert.ok(
      contosoHistory.body.orderSummaries.some(
        (o: { orderSummaryId: string }) => o.orderSummaryId === placed.body.orderSummaryId,
      ),
    );
    const northwindHistory = await buyer.api(`/order-summaries?effectiveAccountId=${northwind}`);
    assert.ok(
      !northwindHistory.body.orderSummaries.some(
        (o: { orderSummaryId: string }) => o.orderSummaryId === placed.body.orderSummaryId,
      ),
    );
    assert.equal(
      (await buyer.api(`/order-summaries/${placed.body.orderSummaryId}?effectiveAccountId=${northwind}`)).status,
      404,
    );

    // A consumer can't see it, can't use a purchase order, and can't name the account.
    const consumer = await s.login(DEMO_USERS.consumer.email);
    assert.equal((await consumer.api(`/order-summaries/${placed.body.orderSummaryId}`)).status, 404);
    assert.equal((await consumer.api(`/order-summaries${q}`)).status, 403);
    const [ds] = await products(dataset, 1, 6);
    await addLine(consumer, ds!.id);
    const cStart = await put(consumer, '/checkouts', { cartId: 'active' });
    const cPo = await post(consumer, `/checkouts/${cStart.body.checkoutId}/payments`, {
      requestType: 'SimplePurchaseOrder',
      paymentToken: 'PO-1',
    });
    assert.equal(cPo.status, 422);
    assert.equal(cPo.body.errors[0].title, 'Purchase orders are for business accounts.');
    assert.equal((await consumer.api(`/checkouts/${id}${q}`)).status, 403, 'naming another account is refused');
    assert.equal(
      (await consumer.api(`/checkouts/${id}`)).status,
      404,
      'another shopper\u2019s checkout does not exist for them',
    );
  });

  test('a term-defined subscription becomes a subscription with term, start and renewal date', async () => {
    const consumer = await s.login(DEMO_USERS.consumer.email);
    const withAnnual = await s.db.db
      .selectFrom('price_book_entry')
      .innerJoin('product', 'product.id', 'price_book_entry.product_id')
      .select('product.id')
      .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
      .where('price_book_entry.selling_model_id', '=', SELLING_MODEL_IDS.annual)
      .where('product.is_active', '=', 1)
      .where('product.sku', 'not like', 'PX-%')
      .orderBy('product.sku')
      .limit(1)
      .executeTakeFirstOrThrow();
    const cart = await s.db.db
      .selectFrom('cart')
      .select('id')
      .where('owner_user_id', 'is not', null)
      .where('status', '=', 'Active')
      .execute();
    for (const c of cart) await del(consumer, `/carts/${c.id}`);
    await addLine(consumer, withAnnual.id, '1', {
      productSellingModelId: SELLING_MODEL_IDS.annual,
      subscriptionTerm: 2,
    });
    const { id, paid } = await paidCheckout(consumer);
    assert.equal(paid.status, 200, paid.text);
    const placed = await post(consumer, `/checkouts/${id}/orders`);
    assert.equal(placed.status, 201);
    const subs = await consumer.api('/subscriptions');
    const sub = subs.body.items.find(
      (x: { orderSummaryId: string }) => x.orderSummaryId === placed.body.orderSummaryId,
    );
    assert.equal(sub.typeLabel, 'Term-defined');
    assert.equal(sub.termLabel, '2 years');
    assert.equal(sub.status, 'Active');
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(sub.startDate, today);
    assert.equal(sub.nextRenewalDate, `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`);
    assert.equal((await s.agent().api('/subscriptions')).status, 401);
  });
});

describe('the address book', () => {
  test('list, add, make default, change; guests get CPA disabled; another account\u2019s book is refused', async () => {
    const guest = s.agent();
    const refused = await guest.api('/accounts/current/addresses');
    assert.equal(refused.status, 403);
    assert.equal(errorOf(refused).errorCode, 'CPA_DISABLED');
    const buyer = await s.login(DEMO_USERS.buyer.email);
    const list = await buyer.api('/accounts/current/addresses');
    assert.equal(list.status, 200);
    assert.equal(list.body.items[0].isDefault, true, 'the default comes first');
    const made = await post(buyer, '/accounts/current/addresses', {
      name: 'Northwind Annex',
      street: '5 Pier Rd',
      city: 'Seattle',
      region: 'wa',
      postalCode: '98104',
      country: 'US',
      isDefault: true,
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.region, 'WA');
    const after = await buyer.api('/accounts/current/addresses');
    assert.equal(after.body.items[0].addressId, made.body.addressId);
    assert.equal(
      after.body.items.filter((x: { isDefault: boolean }) => x.isDefault).length,
      1,
      'one default per account',
    );
    const noId = await patch(buyer, '/accounts/current/addresses/null', { city: 'Tacoma' });
    assert.equal(noId.status, 400);
    const changed = await patch(buyer, `/accounts/current/addresses/${made.body.addressId}`, { city: 'Tacoma' });
    assert.equal(changed.body.city, 'Tacoma');
    const bad = await post(buyer, '/accounts/current/addresses', { name: 'X', street: '1 Rue', country: 'PE' });
    assert.equal(bad.status, 400);
    // The country's own format decides what is required and what a postal code looks like.
    const noZip = await post(buyer, '/accounts/current/addresses', {
      name: 'Annex',
      street: '5 Pier Rd',
      city: 'Seattle',
      region: 'WA',
      country: 'US',
    });
    assert.equal(noZip.status, 400);
    assert.match(errorOf(noZip).message, /Enter a ZIP code\./);
    const badPostcode = await post(buyer, '/accounts/current/addresses', {
      name: 'Annex',
      street: '1 Main St',
      city: 'Ottawa',
      region: 'ON',
      postalCode: '12345',
      country: 'CA',
    });
    assert.equal(badPostcode.status, 400);
    assert.match(errorOf(badPostcode).message, /Enter a valid postal code for Canada/);
    const consumer = await s.login(DEMO_USERS.consumer.email);
    assert.equal(
      (await patch(consumer, `/accounts/current/addresses/${made.body.addressId}`, { city: 'Nowhere' })).status,
      404,
    );
    const unchanged = await s.db.db
      .selectFrom('address')
      .select('city')
      .where('id', '=', made.body.addressId)
      .executeTakeFirstOrThrow();
    assert.equal(unchanged.city, 'Tacoma');
    const northwind = (
      await s.db.db.selectFrom('account').select('id').where('name', '=', 'Northwind Traders').executeTakeFirstOrThrow()
    ).id;
    assert.equal((await consumer.api(`/accounts/${northwind}/addresses`)).status, 403);
  });
});

describe('delivering datasets', () => {
  test('a paid order gives signed links; the file streams; other accounts, tampered and expired links are refused; emails are sent', async () => {
    const buyer = await s.login(DEMO_USERS.buyer.email);
    const accounts = await s.db.db.selectFrom('account').select(['id', 'name']).execute();
    const fabrikam = accounts.find((x) => x.name === 'Fabrikam Research')!.id;
    const q = `?effectiveAccountId=${fabrikam}`;
    const [ds] = await products(dataset, 1, 8);
    assert.equal(
      (await post(buyer, `/carts/current/cart-items${q}`, { productId: ds!.id, quantity: '1', type: 'Product' }))
        .status,
      201,
    );
    const id = (await put(buyer, `/checkouts${q}`, { cartId: 'active' })).body.checkoutId;
    assert.equal(
      (
        await post(buyer, `/checkouts/${id}/payments${q}`, {
          requestType: 'SimplePurchaseOrder',
          paymentToken: 'PO-2001',
        })
      ).status,
      200,
    );
    const placed = await post(buyer, `/checkouts/${id}/orders${q}`);
    assert.equal(placed.status, 201);

    const links = await buyer.api(`/order-summaries/${placed.body.orderSummaryId}/downloads${q}`);
    assert.equal(links.status, 200);
    assert.equal(links.body.items.length, 1);
    const [link] = links.body.items;
    assert.equal(link.productId, ds!.id);
    assert.ok(Date.parse(link.expiresAt) > Date.now());
    const file = await buyer.get(link.url);
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-type')!, /^text\/csv/);
    assert.equal(file.headers.get('content-disposition'), `attachment; filename="${link.fileName}"`);
    const product = await s.db.db
      .selectFrom('product')
      .select(['included_fields_json', 'record_count'])
      .where('id', '=', ds!.id)
      .executeTakeFirstOrThrow();
    const lines = file.text.split('\r\n').filter(Boolean);
    assert.equal(lines[0], (JSON.parse(product.included_fields_json) as string[]).join(','));
    assert.equal(
      lines.length - 1,
      Math.min(product.record_count ?? 0, 250_000),
      'every record the dataset claims (up to the cap)',
    );

    const consumer = await s.login(DEMO_USERS.consumer.email);
    const foreign = await consumer.get(link.url);
    assert.equal(foreign.status, 403, 'another account\u2019s link is refused');
    assert.equal((await consumer.api(`/order-summaries/${placed.body.orderSummaryId}/downloads`)).status, 404);
    assert.equal((await s.agent().get(link.url)).status, 401, 'an account\u2019s file needs its login');
    const token = link.url.split('/').pop()!;
    const [payload, signature] = token.split('.');
    const tampered = await buyer.get(link.url.replace(token, `${payload}.${signature!.slice(0, -2)}AA`));
    assert.equal(tampered.status, 403);
    const { signDownload } = await import('../downloads/signed-link.ts');
    const { serverSecret, DOWNLOAD_LINK_SECRET } = await import('../downloads/secret.ts');
    const item = await s.db.db
      .selectFrom('order_item')
      .select('id')
      .where('order_id', '=', placed.body.orderSummaryId)
      .executeTakeFirstOrThrow();
    const expired = signDownload(await serverSecret(s.db.db, DOWNLOAD_LINK_SECRET), {
      orderId: placed.body.orderSummaryId,
      orderItemId: item.id,
      expiresAt: Date.now() - 1000,
    });
    const late = await buyer.get(link.url.replace(token, expired));
    assert.equal(late.status, 410);
    assert.equal(errorOf(late).errorCode, 'DOWNLOAD_LINK_EXPIRED');

    // The confirmation and the download links went out by email (the test server's outbox folder).
    await s.services.mail.tick();
    const { readdirSync, readFileSync } = await import('node:fs');
    const mails = readdirSync(s.outbox).map((f) => readFileSync(`${s.outbox}/${f}`, 'utf8'));
    const mine = mails.filter((m) => m.includes(placed.body.orderReferenceNumber));
    assert.equal(mine.length, 2, 'an order confirmation and a downloads email');
    assert.ok(mine.every((m) => /^To: morgan@northwind\.example/m.test(m)));
    const rows = (
      await s.db.db
        .selectFrom('mail_outbox')
        .select(['kind', 'status', 'subject'])
        .where('to_address', '=', DEMO_USERS.buyer.email)
        .execute()
    ).filter((r) => r.subject.includes(placed.body.orderReferenceNumber));
    assert.deepEqual(rows.map((r) => `${r.kind}:${r.status}`).sort(), [
      'downloads-ready:Sent',
      'order-confirmation:Sent',
    ]);
  });
});

describe("a store's own policies", () => {
  test('an order-number policy given to the app numbers the order the shopper sees', async () => {
    let issued = 0;
    const own = await startTestServer({
      policies: { orderNumbers: { next: async () => `ACME-${2026_000 + ++issued}` } },
    });
    try {
      const a = own.agent();
      const [ds] = await products(dataset);
      await addLine(a, ds!.id);
      const { id, paid } = await paidCheckout(a);
      assert.equal(paid.status, 200, paid.text);
      const placed = await post(a, `/checkouts/${id}/orders`);
      assert.equal(placed.status, 201, placed.text);
      assert.equal(placed.body.orderReferenceNumber, 'ACME-2026001');
      const order = await a.api(`/order-summaries/${placed.body.orderSummaryId}`);
      assert.equal(order.body.orderNumber, 'ACME-2026001');
      assert.equal(issued, 1);
    } finally {
      await own.close();
    }
  });
});
