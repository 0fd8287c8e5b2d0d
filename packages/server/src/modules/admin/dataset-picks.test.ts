// The featured and related datasets edited in the workspace over real HTTP: the storefront's home list
// (featured-datasets) and a product's related datasets (B2B_Related_Product1..10) follow at once, in the
// order the seller gave; unknown or repeated ids and a product related to itself are 400s that change nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

let s: TestServer;
let admin: Agent;
let manager: Agent;
const ids: Record<string, string> = {};

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
  for (const sku of ['DS-00001', 'DS-00002', 'DS-00009', 'DS-00010', 'DS-00011'])
    ids[sku] = (await admin.get(`${W}/products?q=${sku}`)).body.items[0].id;
});
after(async () => {
  await s?.close();
});

const homeSkus = async () =>
  (await s.agent().api('/featured-datasets')).body.products.map(
    (p: { fields: { StockKeepingUnit: string } }) => p.fields.StockKeepingUnit,
  );

describe('featured datasets', () => {
  test("the workspace reads the home page's list: the demo's first eight datasets", async () => {
    const res = await admin.get(`${W}/featured-datasets`);
    assert.equal(res.status, 200, res.text);
    const skus = res.body.items.map((p: { sku: string }) => p.sku);
    assert.deepEqual(skus.slice(0, 2), ['DS-00001', 'DS-00002']);
    assert.equal(skus.length, 8);
    assert.deepEqual(await homeSkus(), skus);
  });

  test('the catalogue manager reorders it; the storefront follows at once', async () => {
    const order = ['DS-00010', 'DS-00001', 'DS-00009'];
    const res = await manager.put(`${W}/featured-datasets`, { productIds: order.map((k) => ids[k]) });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.items.map((p: { sku: string }) => p.sku),
      order,
    );
    assert.deepEqual(await homeSkus(), order);
  });

  test('a Draft product stays in the list but is not shown to shoppers', async () => {
    assert.equal((await admin.patch(`${W}/products/${ids['DS-00001']}`, { status: 'Draft' })).status, 200);
    assert.deepEqual(await homeSkus(), ['DS-00010', 'DS-00009']);
    assert.equal((await admin.get(`${W}/featured-datasets`)).body.items[1].status, 'Draft');
    assert.equal((await admin.patch(`${W}/products/${ids['DS-00001']}`, { status: 'Live' })).status, 200);
  });

  test('unknown and repeated ids are refused and change nothing', async () => {
    for (const productIds of [['01t000000000000AAA'], [ids['DS-00002'], ids['DS-00002']], ['nope']]) {
      const res = await admin.put(`${W}/featured-datasets`, { productIds });
      assert.equal(res.status, 400, res.text);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
    }
    assert.deepEqual(await homeSkus(), ['DS-00010', 'DS-00001', 'DS-00009']);
  });
});

describe('related datasets', () => {
  const related = async (productId: string) => {
    const fields = (await s.agent().api(`/products/${productId}`)).body.fields;
    return [1, 2, 3].map((n) => fields[`B2B_Related_Product${n}__c`]);
  };

  test("a product's related datasets are replaced in order; its page follows at once", async () => {
    const p = ids['DS-00002']!;
    const before = await admin.get(`${W}/products/${p}/related-datasets`);
    assert.equal(before.status, 200, before.text);
    assert.ok(before.body.items.length > 0, 'the demo relates datasets');
    const order = [ids['DS-00011']!, ids['DS-00009']!];
    const res = await manager.put(`${W}/products/${p}/related-datasets`, { productIds: order });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.items.map((i: { id: string }) => i.id),
      order,
    );
    assert.deepEqual(await related(p), [...order, null]);
  });

  test("a related dataset's new name shows on the products that name it, however it was renamed", async () => {
    const p = ids['DS-00010']!;
    const [first, second] = [ids['DS-00001']!, ids['DS-00009']!];
    assert.equal(
      (await manager.put(`${W}/products/${p}/related-datasets`, { productIds: [first, second] })).status,
      200,
    );
    const names = async () => {
      const detail = (await s.agent().api(`/products/${p}`)).body.fields;
      const batch = (await s.agent().api(`/products?ids=${p}`)).body.products[0].fields;
      assert.deepEqual(
        [1, 2].map((n) => batch[`B2B_Related_Product${n}__r.Name`]),
        [1, 2].map((n) => detail[`B2B_Related_Product${n}__r.Name`]),
        'the batch read names them as the detail does',
      );
      return [1, 2].map((n) => detail[`B2B_Related_Product${n}__r.Name`]);
    };
    const renamed = await admin.patch(`${W}/products/${first}`, { name: 'US Dentists (renamed)' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await names())[0], 'US Dentists (renamed)');
    // Renamed by something other than the workspace (an import, a script): the database keeps the name current.
    await s.db.db.updateTable('product').set({ name: 'Renamed in the database' }).where('id', '=', second).execute();
    await s.catalogueChanged();
    assert.deepEqual(await names(), ['US Dentists (renamed)', 'Renamed in the database']);
  });

  test('itself, unknown or too many are refused and change nothing', async () => {
    const p = ids['DS-00002']!;
    const many = Array.from({ length: 11 }, (_, i) => `01t${String(i + 1).padStart(12, '0')}AAA`);
    for (const productIds of [[p], ['01t000000000000AAA'], many]) {
      const res = await admin.put(`${W}/products/${p}/related-datasets`, { productIds });
      assert.equal(res.status, 400, res.text);
    }
    assert.deepEqual(await related(p), [ids['DS-00011'], ids['DS-00009'], null]);
    assert.equal((await admin.get(`${W}/products/01t000000000000AAA/related-datasets`)).status, 404);
  });
});
