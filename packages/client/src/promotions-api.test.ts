import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const PRODUCT = '01t000000000101AAA';

function setup(respond?: Responder, csrf: string | null = 'tok') {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => csrf });
  return { client, calls };
}

const evaluation = {
  promotionProductEvaluationResults: [
    {
      productId: PRODUCT,
      sku: 'DS-00101',
      salesPrice: '399.00',
      promotionalPrice: '359.10',
      currencyIsoCode: 'USD',
      isSuccess: true,
      errorMessage: null,
      promotionPriceAdjustmentList: [
        {
          promotionId: '0c8000000000001AAA',
          displayName: 'Spring sale',
          termsAndConditions: null,
          adjustmentType: 'PercentageBasedAdjustment',
          adjustmentValue: '10',
          adjustmentAmount: '-39.90',
        },
      ],
    },
  ],
};

describe('promotions', () => {
  it('GET promotions/products with the product ids comma-joined', async () => {
    const answer = {
      promotionProducts: [
        {
          productId: PRODUCT,
          promotions: [
            { promotionId: 'p', displayName: 'Spring sale', termsAndConditions: null, requiresCoupon: false },
          ],
        },
      ],
    };
    const { client, calls } = setup(() => json(answer));
    assert.deepEqual(await client.getProductPromotions([PRODUCT, '01t000000000102AAA']), answer);
    assert.equal(pathOf(calls[0].url), `/services/data/v65.0/commerce/webstores/${WS}/promotions/products`);
    assert.deepEqual(queryOf(calls[0].url), { productIds: `${PRODUCT},01t000000000102AAA` });
  });

  it('evaluate-products: POST outside the webstore path, the store named in the body, only known keys', async () => {
    const { client, calls } = setup(() => json(evaluation), null);
    const answer = await client.evaluateProductPromotions({
      products: [{ productId: PRODUCT }],
      currencyIsoCode: 'USD',
      effectiveAccountId: '000000000000000',
    });
    assert.deepEqual(answer, evaluation);
    assert.equal(calls[0].method, 'POST');
    assert.equal(pathOf(calls[0].url), '/services/data/v65.0/commerce/promotions/actions/evaluate-products');
    assert.deepEqual(JSON.parse(calls[0].body!), {
      webStoreId: WS,
      currencyIsoCode: 'USD',
      products: [{ productId: PRODUCT }],
    });
    assert.equal(calls[0].headers['X-CSRF-Token'], undefined, 'a server render has no token, and this read needs none');
  });

  it('evaluate: the dry run over a cart body', async () => {
    const { client, calls } = setup(() => json({ summary: {} }));
    await client.evaluatePromotions({
      cart: { cartItems: [{ quantity: '1', product2Id: PRODUCT }] },
      couponCodes: ['SAVE10'],
    });
    assert.equal(pathOf(calls[0].url), '/services/data/v65.0/commerce/promotions/actions/evaluate');
    assert.deepEqual(JSON.parse(calls[0].body!), {
      cart: { cartItems: [{ quantity: '1', product2Id: PRODUCT }] },
      couponCodes: ['SAVE10'],
      webStoreId: WS,
    });
  });

  it('spec 02 §5: product ids, products with ids, cart items with a string quantity and an id or sku — else a TypeError before any request', async () => {
    const { client, calls } = setup();
    await assert.rejects(client.getProductPromotions([]), TypeError);
    await assert.rejects(client.evaluateProductPromotions({ products: [] }), TypeError);
    await assert.rejects(client.evaluateProductPromotions({ products: [{ productId: '' }] }), TypeError);
    await assert.rejects(client.evaluatePromotions({ cart: { cartItems: [] } }), TypeError);
    await assert.rejects(
      client.evaluatePromotions({ cart: { cartItems: [{ quantity: 1 as never, product2Id: PRODUCT }] } }),
      TypeError,
    );
    await assert.rejects(client.evaluatePromotions({ cart: { cartItems: [{ quantity: '1' }] } }), TypeError);
    assert.equal(calls.length, 0);
  });
});
