// Gift options on a cart and its order (issue 14): with giftingConfig on, a cart with printed directories
// may be gift-wrapped and carry a gift message; the wrap's price is added (in minor units, from its
// decimal price) to what the shopper pays, and both reach the order. Bad input is a 400 that changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GIFT_MESSAGE_MAX, GIFT_TO_NAME_MAX, decimalToMinorUnits } from '@store/core';
import { withGifting } from '../test-support/gifting.ts';
import { BASE, startTestServer, errorOf, type TestServer } from '../test-support/server.ts';
import type { Agent } from '../test-support/agent.ts';
import { payAndPlace, productIdOf, startCheckout } from '../test-support/purchase.ts';
import { GIFT_WRAP_PRICE } from '../seed/store.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const cents = (amount: string) => Number(decimalToMinorUnits(amount));
const giftOptions = (a: Agent, body: unknown) => a.put(`${BASE}/carts/current/gift-options`, body);
const summary = async (a: Agent) => (await a.get(`${BASE}/carts/current`)).body;

/** A new guest with one of `sku` in the cart. */
async function guestWith(sku: string): Promise<Agent> {
  const a = s.agent();
  const added = await a.post(`${BASE}/carts/current/cart-items`, {
    productId: await productIdOf(s, sku),
    quantity: '1',
    type: 'Product',
  });
  assert.equal(added.status, 201, added.text);
  return a;
}

describe('gift options on a cart with printed directories', () => {
  test('gift wrap adds its price to the total; the message is kept; both reach the order', async () => {
    const a = s.agent();
    const checkoutId = await startCheckout(a, await productIdOf(s, 'PD-00003'));
    const before = await summary(a);
    assert.equal(before.totalGiftWrapAmount, '0.00');
    assert.deepEqual(before.giftOptions, { giftWrap: false, giftMessage: null, giftToName: null, canGiftWrap: true });

    const res = await giftOptions(a, {
      giftWrap: true,
      giftMessage: '  Happy 40th,\nfrom all of us  ',
      giftToName: ' Ada Lovelace ',
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.giftOptions, {
      giftWrap: true,
      giftMessage: 'Happy 40th,\nfrom all of us',
      giftToName: 'Ada Lovelace',
      canGiftWrap: true,
    });
    assert.equal(res.body.totalGiftWrapAmount, GIFT_WRAP_PRICE);
    assert.equal(cents(res.body.grandTotalAmount), cents(before.grandTotalAmount) + cents(GIFT_WRAP_PRICE));

    const orderId = await payAndPlace(a, checkoutId);
    const order = await a.get(`${BASE}/order-summaries/${orderId}`);
    assert.equal(order.status, 200, order.text);
    assert.deepEqual(order.body.giftOptions, {
      giftWrap: true,
      giftMessage: 'Happy 40th,\nfrom all of us',
      giftToName: 'Ada Lovelace',
    });
    assert.equal(order.body.totalGiftWrapAmount, GIFT_WRAP_PRICE);
    assert.equal(order.body.grandTotalAmount, res.body.grandTotalAmount);
    // The payment covered the wrap.
    const paid = await s.db.db
      .selectFrom('sales_order')
      .innerJoin('payment', 'payment.id', 'sales_order.payment_id')
      .select('payment.amount_minor')
      .where('sales_order.id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.equal(paid.amount_minor, cents(res.body.grandTotalAmount));
    // The confirmation email says so too.
    const mail = await s.db.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'order-confirmation')
      .where('subject', 'like', `%${order.body.orderNumber}%`)
      .executeTakeFirstOrThrow();
    assert.ok(mail.text_body.includes(`Gift wrap: $${GIFT_WRAP_PRICE}`), mail.text_body);
    assert.ok(mail.text_body.includes('To: Ada Lovelace\nMessage:\nHappy 40th,\nfrom all of us'), mail.text_body);
  });

  test('unwrapping takes the price off; an empty message clears it', async () => {
    const a = await guestWith('PD-00003');
    assert.equal((await giftOptions(a, { giftWrap: true, giftMessage: 'For you' })).status, 200);
    const res = await giftOptions(a, { giftWrap: false, giftMessage: '   ' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.giftOptions, { giftWrap: false, giftMessage: null, giftToName: null, canGiftWrap: true });
    assert.equal(res.body.totalGiftWrapAmount, '0.00');
  });

  test('a message alone leaves the wrap as it was', async () => {
    const a = await guestWith('PD-00003');
    await giftOptions(a, { giftWrap: true });
    const res = await giftOptions(a, { giftMessage: 'Enjoy' });
    assert.deepEqual(res.body.giftOptions, {
      giftWrap: true,
      giftMessage: 'Enjoy',
      giftToName: null,
      canGiftWrap: true,
    });
    assert.equal(res.body.totalGiftWrapAmount, GIFT_WRAP_PRICE);
  });

  test('the printed lines removed: the wrap is no longer charged', async () => {
    const a = await guestWith('PD-00003');
    await giftOptions(a, { giftWrap: true });
    await a.post(`${BASE}/carts/current/cart-items`, {
      productId: await productIdOf(s, 'DS-00001'),
      quantity: '1',
      type: 'Product',
    });
    const printed = await productIdOf(s, 'PD-00003');
    const items = (await a.get(`${BASE}/carts/current/cart-items`)).body.cartItems;
    const line = items.find((i: any) => i.cartItem.productId === printed).cartItem.cartItemId;
    const removed = await a.get(`${BASE}/carts/current/cart-items/${line}`, {
      method: 'DELETE',
      headers: { 'x-csrf-token': a.cookies.get('csrf_token') ?? '' },
    });
    assert.equal(removed.status, 204, removed.text);
    const after = await summary(a);
    assert.equal(after.totalGiftWrapAmount, '0.00');
    assert.equal(after.giftOptions.canGiftWrap, false);
    // A message can still be changed; the wrap choice stays, uncharged.
    const res = await giftOptions(a, { giftMessage: 'Still for you' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.totalGiftWrapAmount, '0.00');
  });

  test('a pay-now copy of the cart keeps the gift choice and its price', async () => {
    const a = await guestWith('PD-00003');
    const wrapped = (await giftOptions(a, { giftWrap: true, giftMessage: 'Enjoy' })).body;
    const copy = await a.post(`${BASE}/carts/${wrapped.cartId}/actions/clone`, { targetType: 'PayNowReadOnly' });
    assert.equal(copy.status, 201, copy.text);
    assert.deepEqual(copy.body.giftOptions, wrapped.giftOptions);
    assert.equal(copy.body.totalGiftWrapAmount, GIFT_WRAP_PRICE);
    assert.equal(copy.body.grandTotalAmount, wrapped.grandTotalAmount);
  });

  test('a cart with only datasets cannot be wrapped', async () => {
    assert.equal((await summary(await guestWith('DS-00001'))).giftOptions.canGiftWrap, false);
  });
});

describe('gift options at login', () => {
  const PASSWORD = 'Wrapping-paper-2026';
  /** A registered shopper, logged out, whose own cart holds `sku` with `gift` chosen. */
  async function shopperWith(email: string, gift: unknown) {
    const shopper = await s.register({ firstName: 'Grace', lastName: 'Hopper', email, password: PASSWORD });
    await shopper.post(`${BASE}/carts/current/cart-items`, {
      productId: await productIdOf(s, 'PD-00003'),
      quantity: '1',
      type: 'Product',
    });
    assert.equal((await giftOptions(shopper, gift)).status, 200);
  }
  const logIn = async (a: Agent, email: string) => {
    const res = await a.post('/services/auth/login', { email, password: PASSWORD });
    assert.equal(res.status, 200, res.text);
    return res.body.cartMerge;
  };

  test('the guest\u2019s gift choices join the shopper\u2019s cart with the guest\u2019s lines', async () => {
    const email = 'gift-merge-1@example.com';
    await shopperWith(email, { giftMessage: 'From the shopper' });
    const guest = await guestWith('PD-00003');
    await giftOptions(guest, { giftWrap: true, giftMessage: 'From the guest', giftToName: 'Ada' });

    const merge = await logIn(guest, email);
    assert.equal(merge.errorCount, 0, JSON.stringify(merge));
    const cart = await summary(guest);
    assert.deepEqual(cart.giftOptions, {
      giftWrap: true,
      giftMessage: 'From the guest',
      giftToName: 'Ada',
      canGiftWrap: true,
    });
    assert.equal(cart.totalGiftWrapAmount, GIFT_WRAP_PRICE);
  });

  test('a guest who chose nothing leaves the shopper\u2019s choices as they were', async () => {
    const email = 'gift-merge-2@example.com';
    await shopperWith(email, { giftWrap: true, giftMessage: 'Kept', giftToName: 'Grace' });
    const guest = await guestWith('DS-00001');
    await logIn(guest, email);
    assert.deepEqual((await summary(guest)).giftOptions, {
      giftWrap: true,
      giftMessage: 'Kept',
      giftToName: 'Grace',
      canGiftWrap: true,
    });
  });

  test('a gift choice the shopper\u2019s cart cannot take is counted as an error, lines still merge', async () => {
    const email = 'gift-merge-3@example.com';
    const shopper = await s.register({ firstName: 'Grace', lastName: 'Hopper', email, password: PASSWORD });
    await shopper.post('/services/auth/logout', {});
    const guest = await guestWith('PD-00003');
    await giftOptions(guest, { giftWrap: true });
    // The store stops offering gift wrap before the guest logs in.
    await withGifting(s, { isGiftWrapEnabled: false }, async () => {
      const merge = await logIn(guest, email);
      assert.equal(merge.mergedLineCount, 1);
      assert.equal(merge.errorCount, 1);
      assert.match(merge.messages[0], /gift wrap/);
    });
    assert.equal((await summary(guest)).giftOptions.giftWrap, false);
  });
});

describe('gift options refused (400 in the error shape, nothing changed)', () => {
  async function refused(a: Agent, body: unknown, pattern: RegExp) {
    const before = await summary(a);
    const res = await giftOptions(a, body);
    assert.equal(res.status, 400, res.text);
    assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
    assert.match(errorOf(res).message, pattern);
    const after = await summary(a);
    assert.deepEqual(after.giftOptions, before.giftOptions);
    assert.equal(after.grandTotalAmount, before.grandTotalAmount);
  }

  test('gift wrap on a cart with only datasets', async () => {
    await refused(await guestWith('DS-00001'), { giftWrap: true }, /printed/);
  });

  test('an over-long message', async () => {
    const a = await guestWith('PD-00003');
    await refused(a, { giftWrap: true, giftMessage: 'x'.repeat(GIFT_MESSAGE_MAX + 1) }, /giftMessage/);
  });

  test('an over-long or multi-line recipient name', async () => {
    const a = await guestWith('PD-00003');
    await refused(a, { giftToName: 'x'.repeat(GIFT_TO_NAME_MAX + 1) }, /giftToName/);
    await refused(a, { giftToName: 'Ada\nLovelace' }, /giftToName/);
  });

  test('unknown fields and wrong types', async () => {
    const a = await guestWith('PD-00003');
    await refused(a, { giftWrap: 'yes' }, /giftWrap/);
    await refused(a, { giftWrap: true, giftFrom: 'Bob' }, /giftFrom/);
    await refused(a, { giftToName: 42 }, /giftToName/);
  });

  test('a message while messages are off; wrap while wrap is off; anything while gifting is off', async () => {
    const a = await guestWith('PD-00003');
    await withGifting(s, { isGiftMessageEnabled: false }, async () => {
      await refused(a, { giftMessage: 'Hi' }, /gift messages/);
      await refused(a, { giftToName: 'Ada' }, /gift cards/);
      // Wrap alone is still fine.
      assert.equal((await giftOptions(a, { giftWrap: true })).status, 200);
    });
    await withGifting(s, { isGiftWrapEnabled: false }, async () => {
      await refused(a, { giftWrap: true, giftMessage: 'Hi' }, /gift wrap/);
    });
    await withGifting(s, { isGiftingEnabled: false }, async () => {
      await refused(a, { giftWrap: false }, /gift options/);
    });
  });
});
