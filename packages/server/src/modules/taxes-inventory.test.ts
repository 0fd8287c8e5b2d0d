import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, errorOf, WEBSTORE_ID, type TestServer } from '../test-support/server.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

describe('taxes/products/{id}', () => {
  test('answers the store tax type and the policy rates for a destination', async () => {
    const p = (await s.api('/products?skus=PD-00001')).body.products[0];
    const res = await s.api(`/taxes/products/${p.id}?countryIsoCode=GB`);
    assert.equal(res.status, 200);
    assert.equal(res.body.taxLocaleType, 'Net');
    assert.ok(res.body.taxPolicies.length >= 1);
    assert.match(res.body.taxPolicies[0].taxRatePercentage, /^\d+(\.\d+)?$/);
    assert.deepEqual(res.body.taxesInfo[p.id].taxesInfoList, res.body.taxPolicies);
    assert.equal((await s.api(`/taxes/products/${p.id}?countryIsoCode=USA`)).status, 400);
    assert.equal((await s.api('/taxes/products/01t999999999999AAA')).status, 404);
  });
});

describe('inventory/levels', () => {
  const path = (q: string) => `/services/data/v65.0/commerce/inventory/levels?${q}`;
  const scope = encodeURIComponent(`webStoreId Eq '${WEBSTORE_ID}'`);

  test('levels per location group and in total, by id or SKU', async () => {
    const ctx = (await s.api('/application-context')).body;
    const group = ctx.inventoryConfiguration.inventoryDefaultSource.locationSourceId;
    const physical = await s.db.db
      .selectFrom('inventory_level')
      .innerJoin('product', 'product.id', 'inventory_level.product_id')
      .select(['product.id', 'product.sku'])
      .groupBy(['product.id', 'product.sku'])
      .execute();
    const expected = await s.db.db
      .selectFrom('inventory_level')
      .select(['on_hand', 'reserved'])
      .where('product_id', '=', physical[0].id)
      .execute();
    const res = await s.get(
      path(`scope=${scope}&products=${physical[0].id},${physical[1].sku}&locationgroups=${group}`),
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.success, true);
    assert.equal(res.body.locationGroups[0].locationGroupId, group);
    const first = res.body.totalInventory.find((t: any) => t.product2Id === physical[0].id);
    assert.equal(
      first.onHand,
      expected.reduce((n, r) => n + r.on_hand, 0),
    );
    assert.equal(
      first.availableToOrder,
      expected.reduce((n, r) => n + Math.max(0, r.on_hand - r.reserved), 0),
    );
    assert.ok(res.body.totalInventory.some((t: any) => t.product2Id === physical[1].id));
  });

  test('bad input is a 400 in the error shape', async () => {
    assert.equal((await s.get(path('products=DS-00001'))).status, 400, 'scope required');
    assert.equal((await s.get(path(`scope=${encodeURIComponent('nonsense')}&products=PD-00001`))).status, 400);
    const both = await s.get(
      path(`scope=${scope}&products=PD-00001&locations=131000000000001AAA&locationgroups=0gh000000000001AAA`),
    );
    assert.equal(both.status, 400);
    errorOf(both);
    const unknownStore = await s.get(
      path(`scope=${encodeURIComponent("webStoreId Eq '0ZE000000000999AAA'")}&products=PD-00001`),
    );
    assert.equal(unknownStore.status, 404);
  });
});

describe('assets', () => {
  test('every dataset has a sample CSV whose header is its included fields', async () => {
    const p = (await s.api('/products?skus=DS-00001')).body.products[0];
    const res = await s.get(p.fields.B2B_Download_Sample_URL__c);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/csv/);
    const header = res.text.split(/\r?\n/)[0];
    assert.equal(header.split(',')[0].replace(/"/g, ''), p.fields.B2B_Included_Fields__c.split('; ')[0]);
    assert.ok(res.text.trim().split(/\r?\n/).length > 5);
    assert.equal((await s.get('/samples/DS-99999.csv')).status, 404);
    assert.equal((await s.get('/samples/..%2F..%2Fetc%2Fpasswd')).status, 400);
  });

  test('product images are served locally as SVG', async () => {
    const res = await s.get('/media/products/DS-00001.svg');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /image\/svg\+xml/);
    assert.match(res.text, /^<svg/);
  });

  test('category images named by the menu are served', async () => {
    const menu = await s.api('/category-menu-items?includeImageUrl=true');
    const url = menu.body.menuItems.find((i: any) => i.imageUrl).imageUrl;
    const res = await s.get(url);
    assert.equal(res.status, 200);
    assert.match(res.text, /^<svg/);
    assert.equal((await s.get('/media/categories/no-such-category.svg')).status, 404);
  });
});
