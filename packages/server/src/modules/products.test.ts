import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, startTestServer, errorOf, type TestServer } from '../test-support/server.ts';

let s: TestServer;
let dataset: any;
before(async () => {
  s = await startTestServer();
  dataset = (await s.api('/products?skus=DS-00001')).body.products[0];
});
after(async () => {
  await s.close();
});

const bySku = async (sku: string) =>
  await s.db.db.selectFrom('product').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();

describe('products/{productId}', () => {
  test('returns the dataset with its fields, media, category path, quantity rule and selling models', async () => {
    const res = await s.api(`/products/${dataset.id}`);
    assert.equal(res.status, 200);
    const p = res.body;
    assert.equal(p.id, dataset.id);
    assert.match(p.id, /^01t[a-zA-Z0-9]{15}$/);
    assert.equal(p.fields.StockKeepingUnit, 'DS-00001');
    assert.ok(p.fields.Name.length > 5);
    assert.match(p.fields.B2B_Record_Count__c, /^\d+$/);
    assert.match(p.fields.B2B_SIC_Code__c, /^\d{4}$/);
    assert.equal(p.fields.B2B_Download_Sample_URL__c, '/samples/DS-00001.csv');
    assert.ok(p.fields.B2B_Included_Fields__c.length > 0);
    assert.ok(p.fields.B2BCategory1Formula__c);
    for (let n = 1; n <= 10; n++) {
      assert.match(p.fields[`B2B_Related_Product${n}__c`], /^01t/, `related ${n}`);
      assert.ok(p.fields[`B2B_Related_Product${n}__r.Name`], `related name ${n}`);
      assert.notEqual(p.fields[`B2B_Related_Product${n}__c`], p.id);
    }
    assert.ok(p.primaryProductCategoryPath.path.length >= 2, 'root → leaf path');
    assert.match(p.primaryProductCategoryPath.path[0].id, /^0ZG/);
    assert.deepEqual(Object.keys(p.purchaseQuantityRule).sort(), ['increment', 'maximum', 'minimum']);
    assert.equal(typeof p.purchaseQuantityRule.minimum, 'string');
    assert.match(
      p.defaultImage.url,
      /\/media\/products\/DS-00001\.svg\?v=[0-9a-f]{16}$/,
      'the generated image, versioned',
    );
    assert.deepEqual(p.mediaGroups.map((g: any) => g.usageType).sort(), ['Listing', 'Standard']);
    assert.ok(p.productSellingModels.some((m: any) => m.sellingModelType === 'OneTime'));
  });

  test('accepts the 15-character form of an id', async () => {
    const res = await s.api(`/products/${dataset.id.slice(0, 15)}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.id, dataset.id);
  });

  test('fields and excludeFields narrow the field map; mediaGroups filters media', async () => {
    const res = await s.api(`/products/${dataset.id}?fields=Name,StockKeepingUnit&mediaGroups=Listing`);
    assert.deepEqual(Object.keys(res.body.fields).sort(), ['Name', 'StockKeepingUnit']);
    assert.deepEqual(
      res.body.mediaGroups.map((g: any) => g.usageType),
      ['Listing'],
    );
    const ex = await s.api(`/products/${dataset.id}?excludeFields=Description&excludeMedia=true`);
    assert.ok(!('Description' in ex.body.fields));
    assert.deepEqual(ex.body.mediaGroups, []);
  });

  test('an unknown id is a 404 and a malformed id a 400, both in the error shape', async () => {
    const unknown = await s.api('/products/01t999999999999AAA');
    assert.equal(unknown.status, 404);
    assert.equal(errorOf(unknown).errorCode, 'NOT_FOUND');
    for (const bad of ['nope', '01t-bad-id', `${'x'.repeat(19)}`, '%27%20or%201%3D1']) {
      const res = await s.api(`/products/${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal(errorOf(res).errorCode, 'INVALID_ID_FIELD');
    }
  });

  test('a bad flag value is a 400, not a 500', async () => {
    const res = await s.api(`/products/${dataset.id}?excludeMedia=maybe`);
    assert.equal(res.status, 400);
    assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
  });

  test('the versioned form answers from the published snapshot, with the high-scale header', async () => {
    const ctx = (await s.api('/application-context')).body;
    const res = await s.api(`/versions/${ctx.catalogSnapshotVersionId}/products/${dataset.id}`, {
      headers: { 'X-HighScale': 'true' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.id, dataset.id);
    assert.equal(res.headers.get('x-highscale'), 'true');
    assert.match(res.headers.get('cache-control') ?? '', /public/);
    const wrong = await s.api(`/versions/0cv999999999999AAA/products/${dataset.id}`);
    assert.equal(wrong.status, 404);
  });

  test('an inactive product is not found, once the catalogue change is published', async () => {
    const row = await bySku('DS-00002');
    assert.equal((await s.api(`/products/${row.id}`)).status, 200);
    await s.db.db.updateTable('product').set({ is_active: 0 }).where('id', '=', row.id).execute();
    await s.catalogueChanged();
    const res = await s.api(`/products/${row.id}`);
    assert.equal(res.status, 404);
    await s.db.db.updateTable('product').set({ is_active: 1 }).where('id', '=', row.id).execute();
    await s.catalogueChanged();
    assert.equal((await s.api(`/products/${row.id}`)).status, 200);
  });

  test('answers come from the response cache until the catalogue version changes; noCache (preview) bypasses it', async () => {
    const row = await bySku('DS-00003');
    const first = await s.api(`/products/${row.id}`);
    await s.db.db.updateTable('product').set({ name: 'Renamed Dataset' }).where('id', '=', row.id).execute();
    const cached = await s.api(`/products/${row.id}`);
    assert.equal(cached.text, first.text, 'served from cache');
    assert.equal(
      (await s.api(`/products/${row.id}?noCache=true`)).text,
      first.text,
      'noCache outside preview is ignored',
    );
    const admin = await s.login('admin@datadepot.example');
    await admin.patch(`${BASE}/session-context`, { isPreview: true });
    const preview = await admin.api(`/products/${row.id}?noCache=true`);
    assert.equal(preview.body.fields.Name, 'Renamed Dataset');
    await s.catalogueChanged();
    assert.equal((await s.api(`/products/${row.id}`)).body.fields.Name, 'Renamed Dataset');
    await s.db.db.updateTable('product').set({ name: row.name }).where('id', '=', row.id).execute();
    await s.catalogueChanged();
  });
});

describe('products?ids=|skus=', () => {
  test('exactly one of ids or skus (spec 02 §5)', async () => {
    const both = await s.api(`/products?ids=${dataset.id}&skus=DS-00001`);
    assert.equal(both.status, 400);
    assert.equal(errorOf(both).errorCode, 'INVALID_API_INPUT');
    const none = await s.api('/products');
    assert.equal(none.status, 400);
    const empty = await s.api('/products?ids=');
    assert.equal(empty.status, 400);
  });

  test('by skus and by ids, in the order asked, with unknown entries marked unsuccessful', async () => {
    const res = await s.api('/products?skus=DS-00003,DS-00002,DS-99998');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.products.map((p: any) => p.sku),
      ['DS-00003', 'DS-00002', 'DS-99998'],
    );
    assert.deepEqual(
      res.body.products.map((p: any) => p.success),
      [true, true, false],
    );
    assert.equal(res.body.total, 2);
    const ids = res.body.products.slice(0, 2).map((p: any) => p.id);
    const byIds = await s.api(`/products?ids=${ids.join(',')}`);
    assert.deepEqual(
      byIds.body.products.map((p: any) => p.id),
      ids,
    );
    assert.ok(byIds.body.products[0].prices?.unitPrice, 'prices unless excludePrices');
    const noPrices = await s.api(`/products?ids=${ids[0]}&excludePrices=true`);
    assert.ok(!('prices' in noPrices.body.products[0]));
  });

  test('more than 100 products is refused', async () => {
    const skus = Array.from({ length: 101 }, (_, i) => `DS-${String(i + 1).padStart(5, '0')}`);
    const res = await s.api(`/products?skus=${skus.join(',')}`);
    assert.equal(res.status, 400);
  });
});

describe('children and featured products', () => {
  test('a variation parent lists its variations with a page limit of 20', async () => {
    const parent = await s.db.db
      .selectFrom('product')
      .selectAll()
      .where('product_class', '=', 'VariationParent')
      .executeTakeFirstOrThrow();
    const detail = await s.api(`/products/${parent.id}`);
    assert.equal(detail.body.productClass, 'VariationParent');
    assert.ok(detail.body.variationInfo.attributesToProductMappings.length >= 2);
    const res = await s.api(`/products/${parent.id}/children?pageSize=2`);
    assert.equal(res.status, 200);
    assert.equal(res.body.products.length, 2);
    assert.ok(res.body.total >= 3);
    assert.ok(res.body.products.every((p: any) => p.productClass === 'Variation' && p.variationParentId === parent.id));
    assert.equal(res.body.nextPageToken, '1');
    const next = await s.api(`/products/${parent.id}/children?pageSize=2&pageToken=1`);
    assert.notEqual(next.body.products[0].id, res.body.products[0].id);
    const tooBig = await s.api(`/products/${parent.id}/children?pageSize=21`);
    assert.equal(tooBig.status, 400);
    assert.equal(errorOf(tooBig).errorCode, 'INVALID_API_INPUT');
  });

  test('featured products follow the relationship types', async () => {
    const res = await s.api(`/products/${dataset.id}/featured-products`);
    assert.equal(res.status, 200);
    assert.ok(res.body.products.length > 0);
    assert.ok(res.body.products.every((p: any) => p.id !== dataset.id));
    const none = await s.api(`/products/${dataset.id}/featured-products?relationshipTypes=NoSuchType`);
    assert.deepEqual(none.body.products, []);
    const missing = await s.api('/products/01t999999999999AAA/featured-products');
    assert.equal(missing.status, 404);
  });
});
