import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, pathOf, recordingFetch, type Responder } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const PARENT = '01t000000000011AAA';
const CHILD = '01t000000000012AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('workspace product class calls', () => {
  it('creates a variation parent with its attributes in the body', async () => {
    const { w, calls } = setup(() => json({ id: PARENT }));
    const attributes = [{ name: 'Coverage', values: ['Email Only', 'Full Contact'] }];
    await w.createProduct({ sku: 'VP-1', name: 'P', productClass: 'VariationParent', variationAttributes: attributes });
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products`);
    assert.deepEqual(JSON.parse(String(calls[0]!.body)).variationAttributes, attributes);
  });

  it('adds a variation and takes one out by id, ids kept inside their path segments', async () => {
    const { w, calls } = setup(() => json({ parentId: PARENT, attributes: [], variations: [] }));
    await w.addVariation(PARENT, { sku: 'VA-1', name: 'V', values: { Coverage: 'Email Only' } });
    assert.equal(calls[0]!.method, 'POST');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products/${PARENT}/variations`);
    assert.deepEqual(JSON.parse(String(calls[0]!.body)).values, { Coverage: 'Email Only' });
    await w.removeVariation(PARENT, CHILD);
    assert.equal(calls[1]!.method, 'DELETE');
    assert.equal(pathOf(calls[1]!.url), `${ROOT}/products/${PARENT}/variations/${CHILD}`);
    assert.equal(calls[1]!.headers['x-csrf-token'] ?? calls[1]!.headers['X-CSRF-Token'], 'tok');
    await w.getVariations('../me');
    assert.equal(pathOf(calls[2]!.url), `${ROOT}/products/..%2Fme/variations`);
  });

  it('replaces the components in the order given and sets a quantity rule', async () => {
    const { w, calls } = setup(() => json({ productId: PARENT, components: [] }));
    await w.replaceComponents(PARENT, [{ sku: 'DS-00002' }, { productId: CHILD }]);
    assert.equal(calls[0]!.method, 'PUT');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products/${PARENT}/components`);
    assert.deepEqual(JSON.parse(String(calls[0]!.body)), { components: [{ sku: 'DS-00002' }, { productId: CHILD }] });
    await w.setQuantityRule(PARENT, { minimum: '2', maximum: '10', increment: '2' });
    assert.equal(pathOf(calls[1]!.url), `${ROOT}/products/${PARENT}/quantity-rule`);
    assert.deepEqual(JSON.parse(String(calls[1]!.body)), { minimum: '2', maximum: '10', increment: '2' });
  });
});
