import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, pathOf, recordingFetch } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const PRODUCT = '01t000000000101AAA';
const MODEL = '0jP000000000002AAA';

function setup() {
  const { fetch, calls } = recordingFetch(() => json({}));
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('workspace selling-model calls', () => {
  it('list, create and change the store’s selling models', async () => {
    const { w, calls } = setup();
    await w.sellingModels();
    await w.createSellingModel({
      name: 'Monthly',
      sellingModelType: 'Evergreen',
      pricingTerm: 1,
      pricingTermUnit: 'Months',
      subscriptionTermRule: null,
    });
    await w.updateSellingModel(MODEL, { name: 'Every month' });
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url)]),
      [
        ['GET', `${ROOT}/selling-models`],
        ['POST', `${ROOT}/selling-models`],
        ['PATCH', `${ROOT}/selling-models/${MODEL}`],
      ],
    );
    assert.deepEqual(JSON.parse(String(calls[2]!.body)), { name: 'Every month' });
  });

  it('reads and sets the models a product is offered with; ids stay in their path segment', async () => {
    const { w, calls } = setup();
    await w.productSellingModels(PRODUCT);
    await w.setProductSellingModels(PRODUCT, [MODEL]);
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url)]),
      [
        ['GET', `${ROOT}/products/${PRODUCT}/selling-models`],
        ['PUT', `${ROOT}/products/${PRODUCT}/selling-models`],
      ],
    );
    assert.deepEqual(JSON.parse(String(calls[1]!.body)), { sellingModelIds: [MODEL] });
    assert.throws(() => w.updateSellingModel(' ', { name: 'x' }), TypeError);
    assert.equal(calls.length, 2, 'a blank id is refused before anything is sent');
    await w.updateSellingModel('../prices', { name: 'x' });
    assert.equal(pathOf(calls[2]!.url), `${ROOT}/selling-models/..%2Fprices`, 'an id stays inside its segment');
  });
});
