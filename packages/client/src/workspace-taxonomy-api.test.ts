import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, pathOf, recordingFetch, type Responder } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const CATEGORY = '0ZG000000000001AAA';
const POLICY = '1Ce000000000001AAA';
const PRODUCT = '01t000000000101AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('workspace category, entitlement-policy and inventory calls', () => {
  it('sends each call to its path with its method and JSON body', async () => {
    const { w, calls } = setup(() => json({}));
    await w.createCategory({ name: 'Vets', parentId: null });
    await w.updateCategory(CATEGORY, { status: 'Live' });
    await w.reorderCategories({ parentId: null, categoryIds: [CATEGORY] });
    await w.entitlementPolicies();
    await w.createEntitlementPolicy({ name: 'P', buyerGroupIds: [], categoryIds: [CATEGORY] });
    await w.updateEntitlementPolicy(POLICY, { name: 'Q' });
    await w.getInventory(PRODUCT);
    await w.setInventory(PRODUCT, { levels: [{ locationId: '131000000000001AAA', onHand: 0 }] });
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url)]),
      [
        ['POST', `${ROOT}/categories`],
        ['PATCH', `${ROOT}/categories/${CATEGORY}`],
        ['POST', `${ROOT}/categories/actions/reorder`],
        ['GET', `${ROOT}/entitlement-policies`],
        ['POST', `${ROOT}/entitlement-policies`],
        ['PATCH', `${ROOT}/entitlement-policies/${POLICY}`],
        ['GET', `${ROOT}/products/${PRODUCT}/inventory`],
        ['PUT', `${ROOT}/products/${PRODUCT}/inventory`],
      ],
    );
    assert.deepEqual(JSON.parse(calls[1]!.body!), { status: 'Live' });
    assert.deepEqual(JSON.parse(calls[7]!.body!), { levels: [{ locationId: '131000000000001AAA', onHand: 0 }] });
  });

  it('deletes with DELETE and the CSRF token, resolving on an empty 204', async () => {
    const { w, calls } = setup(() => new Response(null, { status: 204 }));
    assert.equal(await w.deleteCategory(CATEGORY), undefined);
    await w.deleteEntitlementPolicy(POLICY);
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url)]),
      [
        ['DELETE', `${ROOT}/categories/${CATEGORY}`],
        ['DELETE', `${ROOT}/entitlement-policies/${POLICY}`],
      ],
    );
    assert.equal(calls[0]!.headers['X-CSRF-Token'], 'tok');
  });

  it('refuses a blank id before sending anything', async () => {
    const { w, calls } = setup(() => json({}));
    assert.throws(() => w.deleteCategory(''), TypeError);
    assert.throws(() => w.getInventory(' '), TypeError);
    assert.equal(calls.length, 0);
  });
});
