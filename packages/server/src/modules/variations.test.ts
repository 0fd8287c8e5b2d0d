// Variation families through the API (issue 14): a parent's variationInfo names each variation with its
// attribute values and offers each value as an option; its children are those variations; its price can
// carry every variation's price (every selling model's when asked); search answers carry a parent's
// variations when asked, so a results page can price the parent "from" its cheapest variation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareDecimal } from '@store/core';
import { startTestServer, errorOf, type TestServer } from '../test-support/server.ts';

let s: TestServer;
const ids: Record<string, string> = {};
before(async () => {
  s = await startTestServer();
  const rows = await s.db.db
    .selectFrom('product')
    .select(['id', 'sku'])
    .where('sku', 'in', ['VP-00001', 'VA-00011', 'VA-00012', 'VA-00013', 'VP-00005', 'VA-00051', 'DS-00001'])
    .execute();
  for (const r of rows) ids[r.sku] = r.id;
});
after(async () => {
  await s.close();
});

const COVERAGES = ['Email Only', 'Email + Phone', 'Full Contact'];

describe('a variation parent', () => {
  test("names each variation with its Coverage and offers the values as the attribute's options", async () => {
    const res = await s.api(`/products/${ids['VP-00001']}`);
    assert.equal(res.status, 200);
    const info = res.body.variationInfo;
    assert.equal(info.variationCount, 3);
    assert.deepEqual(
      info.attributesToProductMappings.map((m: any) => [
        m.productId,
        m.selectedAttributes[0].value,
        m.availableToOrder,
      ]),
      [
        [ids['VA-00011'], 'Email Only', true],
        [ids['VA-00012'], 'Email + Phone', true],
        [ids['VA-00013'], 'Full Contact', true],
      ],
    );
    const coverage = info.variationAttributeInfo.Coverage;
    assert.equal(coverage.label, 'Coverage');
    assert.equal(coverage.viewType, 'Pill');
    assert.deepEqual(coverage.allowableValues, COVERAGES);
    assert.deepEqual(
      coverage.options.map((o: any) => [o.label, o.variantAvailable]),
      COVERAGES.map((c) => [c, true]),
    );
  });

  test('a variation names its parent and its own values; a plain dataset has neither', async () => {
    const variation = (await s.api(`/products/${ids['VA-00011']}`)).body;
    assert.equal(variation.productClass, 'Variation');
    assert.equal(variation.variationParentId, ids['VP-00001']);
    assert.deepEqual(variation.variationAttributeSet.attributes, { Coverage: 'Email Only' });
    assert.equal(variation.variationInfo, null);
    const plain = (await s.api(`/products/${ids['DS-00001']}`)).body;
    assert.equal(plain.variationParentId, null);
    assert.equal(plain.variationInfo, null);
  });

  test('children are the variations with the facts a shopper compares: SKU, record count, included fields', async () => {
    const res = await s.api(`/products/${ids['VP-00001']}/children`);
    assert.equal(res.status, 200);
    const kids = res.body.products;
    assert.deepEqual(
      kids.map((k: any) => k.fields.StockKeepingUnit),
      ['VA-00011', 'VA-00012', 'VA-00013'],
    );
    const emailOnly = kids[0].fields.B2B_Included_Fields__c.split('; ');
    assert.ok(emailOnly.includes('Email') && !emailOnly.includes('Phone'), emailOnly.join(', '));
    assert.ok(kids[2].fields.B2B_Included_Fields__c.split('; ').includes('Phone'));
    assert.ok(kids.every((k: any) => /^\d+$/.test(k.fields.B2B_Record_Count__c)));
    assert.notEqual(kids[0].fields.B2B_Record_Count__c, kids[2].fields.B2B_Record_Count__c);
  });

  test("a plain dataset's children are an empty page, and a malformed id is refused in the error shape", async () => {
    const plain = await s.api(`/products/${ids['DS-00001']}/children`);
    assert.equal(plain.status, 200);
    assert.deepEqual(plain.body.products, []);
    const bad = await s.api('/products/not-an-id/children');
    assert.equal(bad.status, 400);
    assert.equal(errorOf(bad).errorCode, 'INVALID_ID_FIELD');
  });
});

describe('child prices', () => {
  test("includeChildProductPrices adds each variation's price for the caller", async () => {
    const res = await s.api(`/pricing/products/${ids['VP-00001']}?includeChildProductPrices=true`);
    assert.equal(res.status, 200);
    const kids = res.body.childProductPrices;
    assert.deepEqual(
      kids.map((p: any) => p.productId),
      [ids['VA-00011'], ids['VA-00012'], ids['VA-00013']],
    );
    for (const k of kids) {
      const own = (await s.api(`/pricing/products/${k.productId}`)).body;
      assert.equal(k.unitPrice, own.unitPrice, 'the same price as asked one by one');
    }
    const without = await s.api(`/pricing/products/${ids['VP-00001']}`);
    assert.equal(without.body.childProductPrices, undefined);
  });

  test("with allProductSellingModelPrices each variation carries every selling model's price", async () => {
    // The fifth family also sells an annual subscription.
    const res = await s.api(
      `/pricing/products/${ids['VP-00005']}?includeChildProductPrices=true&allProductSellingModelPrices=true`,
    );
    assert.equal(res.status, 200);
    const first = res.body.childProductPrices.find((p: any) => p.productId === ids['VA-00051']);
    const own = (await s.api(`/pricing/products/${ids['VA-00051']}?allProductSellingModelPrices=true`)).body;
    assert.ok(own.productPriceEntries.length >= 2, 'the variation has two selling models');
    assert.deepEqual(first.productPriceEntries, own.productPriceEntries);
  });

  test("a parent without a price of its own still answers with its variations' prices; nothing priced is a 404", async () => {
    // The second family's parent loses its price entries (pricing is read from the database on every call).
    const parent = await s.db.db
      .selectFrom('product')
      .select('id')
      .where('sku', '=', 'VP-00002')
      .executeTakeFirstOrThrow();
    await s.db.db.deleteFrom('price_book_entry').where('product_id', '=', parent.id).execute();
    const alone = await s.api(`/pricing/products/${parent.id}`);
    assert.equal(alone.status, 404);
    assert.equal(errorOf(alone).errorCode, 'ITEM_NOT_FOUND');
    const res = await s.api(`/pricing/products/${parent.id}?includeChildProductPrices=true`);
    assert.equal(res.status, 200);
    assert.equal(res.body.unitPrice, null);
    assert.deepEqual(res.body.productPriceEntries, []);
    assert.equal(res.body.childProductPrices.length, 3);
    assert.ok(res.body.childProductPrices.every((p: any) => /^\d+\.\d{2}$/.test(p.unitPrice)));
  });

  test('a wholesale buyer gets wholesale child prices', async () => {
    const guest = (await s.api(`/pricing/products/${ids['VP-00001']}?includeChildProductPrices=true`)).body;
    const buyer = await s.login('morgan@northwind.example');
    const wholesale = (await buyer.api(`/pricing/products/${ids['VP-00001']}?includeChildProductPrices=true`)).body;
    for (const [i, p] of wholesale.childProductPrices.entries())
      assert.equal(
        compareDecimal(p.unitPrice, guest.childProductPrices[i].unitPrice),
        -1,
        `${p.unitPrice} below store`,
      );
  });
});

describe('search', () => {
  const term = encodeURIComponent('dentists coverage');
  test('includeProductVariationInfo: a parent in the results carries its variations', async () => {
    const res = await s.api(`/search/products?searchTerm=${term}&includeProductVariationInfo=true`);
    assert.equal(res.status, 200);
    const parent = res.body.productsPage.products.find((p: any) => p.id === ids['VP-00001']);
    assert.ok(parent, 'the parent is found');
    assert.equal(parent.productClass, 'VariationParent');
    assert.deepEqual(
      parent.productVariationInfo.attributesToProductMappings.map((m: any) => m.productId),
      [ids['VA-00011'], ids['VA-00012'], ids['VA-00013']],
    );
  });

  test('without it, results carry no variation info', async () => {
    const res = await s.api(`/search/products?searchTerm=${term}`);
    const parent = res.body.productsPage.products.find((p: any) => p.id === ids['VP-00001']);
    assert.ok(parent);
    assert.equal(parent.productVariationInfo, undefined);
  });

  test('a malformed flag is refused in the error shape', async () => {
    const res = await s.api(`/search/products?searchTerm=${term}&includeProductVariationInfo=maybe`);
    assert.equal(res.status, 400);
    assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
  });
});
