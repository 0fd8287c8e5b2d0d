import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { GiftWrapFetchError } from './gift-api.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { client: createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('gift calls', () => {
  it('GET products/gift-wrap with the fields asked', async () => {
    const wrap = { id: '01t000000000099AAA', sku: 'GIFT-WRAP' };
    const { client, calls } = setup(() => json(wrap));
    assert.deepEqual(await client.getGiftWrapProduct({ fields: ['Name', 'StockKeepingUnit'] }), wrap);
    assert.equal(pathOf(calls[0]!.url), `${BASE}/products/gift-wrap`);
    assert.deepEqual(queryOf(calls[0]!.url), { fields: 'Name,StockKeepingUnit' });
  });

  it('a failure says that fetching the gift wrap details failed, with the status', async () => {
    const { client } = setup(() => json([{ errorCode: 'NOT_FOUND', message: 'none' }], { status: 404 }));
    await assert.rejects(client.getGiftWrapProduct(), (e: unknown) => {
      assert.ok(e instanceof GiftWrapFetchError);
      assert.equal(e.status, 404);
      assert.equal(e.message, 'Fetching the gift wrap details failed: 404 Not Found');
      return true;
    });
  });

  it('PUT carts/{id}/gift-options with the choices', async () => {
    const { client, calls } = setup(() => json({ cartId: 'x' }));
    await client.setCartGiftOptions('current', { giftWrap: true, giftMessage: 'Hi' });
    assert.equal(calls[0]!.method, 'PUT');
    assert.equal(pathOf(calls[0]!.url), `${BASE}/carts/current/gift-options`);
    assert.deepEqual(JSON.parse(calls[0]!.body!), { giftWrap: true, giftMessage: 'Hi' });
  });
});
