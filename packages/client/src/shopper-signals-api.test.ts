import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { MISSING_RECOMMENDER_MESSAGE } from './shopper-signals-api.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;
const PRODUCT = '01t000000000101AAA';
const OTHER = '01t000000000102AAA';
const CONTOSO = '001000000000002AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { client: createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('shopper signal calls', () => {
  it('GET ai/configuration', async () => {
    const { client, calls } = setup(() => json({ isDeployed: true }));
    assert.deepEqual(await client.getAiConfiguration(), { isDeployed: true });
    assert.equal(pathOf(calls[0]!.url), `${BASE}/ai/configuration`);
  });

  it('GET ai/recommendations with every parameter, anchors as a comma list', async () => {
    const { client, calls } = setup(() => json({ productPage: { products: [], total: 0 } }));
    await client.getRecommendations({
      recommender: 'CustomersWhoBoughtAlsoBought',
      anchorValues: [PRODUCT, OTHER],
      includePricingAndProductInformation: true,
      anchorFromCurrentCart: false,
      currencyIsoCode: 'USD',
      effectiveAccountId: CONTOSO,
    });
    assert.equal(pathOf(calls[0]!.url), `${BASE}/ai/recommendations`);
    assert.deepEqual(queryOf(calls[0]!.url), {
      recommender: 'CustomersWhoBoughtAlsoBought',
      anchorValues: `${PRODUCT},${OTHER}`,
      includePricingAndProductInformation: 'true',
      anchorFromCurrentCart: 'false',
      currencyIsoCode: 'USD',
      effectiveAccountId: CONTOSO,
    });
  });

  it('spec 02 §5: without a recommender, no request, a warning and an empty result', async () => {
    const { client, calls } = setup(() => json({}));
    const got = await client.getRecommendations({ anchorValues: [PRODUCT] });
    assert.equal(calls.length, 0);
    assert.deepEqual(got.productPage, { products: [], total: 0 });
    assert.deepEqual(got.warnings, [{ code: 'MISSING_RECOMMENDER', message: MISSING_RECOMMENDER_MESSAGE }]);
  });

  it('POST /activities/{siteId}/{activity} with the payload as JSON and the CSRF header', async () => {
    const { client, calls } = setup(() => new Response(null, { status: 204 }));
    const product = { id: PRODUCT, sku: 'DS-1', unitPrice: '99.00', listPrice: '120.00' };
    await client.sendActivity(WS, 'addToCart', { product, quantity: 2 });
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(pathOf(calls[0]!.url), `/activities/${WS}/addToCart`);
    assert.deepEqual(JSON.parse(String(calls[0]!.body)), { product, quantity: 2 });
    const headers = Object.fromEntries(Object.entries(calls[0]!.headers).map(([k, v]) => [k.toLowerCase(), v]));
    assert.equal(headers['x-csrf-token'], 'tok');
    await assert.rejects(client.sendActivity('', 'viewProduct', { product }), TypeError);
  });

  it('GET shopperAgent/context with the effective account', async () => {
    const { client, calls } = setup(() => json({ webstoreId: WS }));
    await client.getShopperAgentContext({ effectiveAccountId: CONTOSO });
    assert.equal(pathOf(calls[0]!.url), `${BASE}/shopperAgent/context`);
    assert.deepEqual(queryOf(calls[0]!.url), { effectiveAccountId: CONTOSO });
  });
});
