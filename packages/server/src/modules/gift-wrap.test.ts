// Gift wrap (issue 14): GET products/gift-wrap answers the store's gift-wrap product rather than falling
// into products/{productId}; it follows the store's giftingConfig.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { withGifting } from '../test-support/gifting.ts';
import { startTestServer, errorOf, type TestServer } from '../test-support/server.ts';
import { GIFT_WRAP_PRICE, GIFT_WRAP_PRODUCT_ID } from '../seed/store.ts';
import { DEMO_USERS } from '../seed/access.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

describe('products/gift-wrap', () => {
  test("answers the store's gift-wrap product with its decimal price", async () => {
    const res = await s.api('/products/gift-wrap');
    assert.equal(res.status, 200);
    assert.equal(res.body.id, GIFT_WRAP_PRODUCT_ID);
    assert.equal(res.body.sku, 'GIFT-WRAP');
    assert.equal(res.body.fields.StockKeepingUnit, 'GIFT-WRAP');
    assert.ok(res.body.fields.Name);
    assert.deepEqual(res.body.prices, {
      currencyIsoCode: 'USD',
      listPrice: GIFT_WRAP_PRICE,
      unitPrice: GIFT_WRAP_PRICE,
    });
  });

  test('fields narrows the fields, case-insensitively', async () => {
    const res = await s.api('/products/gift-wrap?fields=name');
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body.fields), ['Name']);
  });

  test('a logged-in shopper gets the same product', async () => {
    const shopper = await s.login(DEMO_USERS.consumer.email);
    const res = await shopper.api('/products/gift-wrap');
    assert.equal(res.status, 200);
    assert.equal(res.body.id, GIFT_WRAP_PRODUCT_ID);
  });

  test('the single-product route still answers its own 400 for a non-id', async () => {
    const res = await s.api('/products/gift-wrapping');
    assert.equal(res.status, 400);
    assert.equal(errorOf(res).errorCode, 'INVALID_ID_FIELD');
  });

  test('with gifting or gift wrap switched off: 404 in the error shape', async () => {
    for (const off of [{ isGiftingEnabled: false }, { isGiftWrapEnabled: false }] as Record<string, boolean>[]) {
      await withGifting(s, off, async () => {
        const res = await s.api('/products/gift-wrap');
        assert.equal(res.status, 404, JSON.stringify(off));
        assert.equal(errorOf(res).errorCode, 'NOT_FOUND');
        assert.match(errorOf(res).message, /gift wrap/);
      });
    }
    assert.equal((await s.api('/products/gift-wrap')).status, 200);
  });
});
