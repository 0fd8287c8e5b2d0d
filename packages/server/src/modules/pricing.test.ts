import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, errorOf, type TestServer } from '../test-support/server.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const cents = (v: string) => Math.round(Number(v) * 100);

async function entryWith(where: 'tiers' | 'termDefined' | 'none') {
  const db = s.db.db;
  if (where === 'tiers') {
    const t = await db
      .selectFrom('price_adjustment_tier')
      .innerJoin('price_book_entry', 'price_book_entry.id', 'price_adjustment_tier.price_book_entry_id')
      .select('price_book_entry.product_id')
      .where('price_book_entry.selling_model_id', 'is', null)
      .executeTakeFirstOrThrow();
    return t.product_id;
  }
  if (where === 'termDefined') {
    const t = await db
      .selectFrom('product_selling_model')
      .innerJoin('selling_model', 'selling_model.id', 'product_selling_model.selling_model_id')
      .select('product_selling_model.product_id')
      .where('selling_model.selling_model_type', '=', 'TermDefined')
      .executeTakeFirstOrThrow();
    return t.product_id;
  }
  const t = await db
    .selectFrom('product')
    .select('id')
    .where('product_class', '=', 'Simple')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('price_book_entry')
            .select('price_book_entry.id')
            .whereRef('price_book_entry.product_id', '=', 'product.id'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return t.id;
}

describe('pricing/products/{id}', () => {
  test('list and negotiated prices as decimal strings, negotiated never above list', async () => {
    const p = (await s.api('/products?skus=DS-00001')).body.products[0];
    const res = await s.api(`/pricing/products/${p.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.currencyIsoCode, 'USD');
    assert.match(res.body.listPrice, /^\d+\.\d{2}$/);
    assert.match(res.body.unitPrice, /^\d+\.\d{2}$/);
    assert.equal(res.body.negotiatedPrice, res.body.unitPrice);
    assert.ok(cents(res.body.unitPrice) <= cents(res.body.listPrice));
    assert.match(res.body.pricebookEntryId, /^01u/);
    assert.equal(res.body.productPriceEntries.length, 1);
  });

  test('volume tiers carry bounds and a tier unit price computed from the unit price', async () => {
    const id = await entryWith('tiers');
    const res = await s.api(`/pricing/products/${id}`);
    const tiers = res.body.priceAdjustment.priceAdjustmentTiers;
    assert.ok(tiers.length >= 2);
    assert.equal(res.body.priceAdjustment.adjustmentMethod, 'Range');
    const last = tiers.at(-1);
    assert.equal(last.upperBound, null, 'the top tier is unbounded');
    for (const t of tiers) {
      const expected =
        t.adjustmentType === 'PercentageBasedAdjustment'
          ? Math.round((cents(res.body.unitPrice) * (100 - Number(t.adjustmentValue))) / 100)
          : cents(res.body.unitPrice) - cents(t.adjustmentValue);
      assert.ok(Math.abs(cents(t.tierUnitPrice) - expected) <= 1, `tier ${t.lowerBound}: ${t.tierUnitPrice}`);
    }
    assert.equal(
      res.body.lowestUnitPrice,
      tiers
        .map((t: any) => t.tierUnitPrice)
        .concat(res.body.unitPrice)
        .sort((a: string, b: string) => cents(a) - cents(b))[0],
    );
  });

  test('allProductSellingModelPrices lists an entry per selling model with term prices', async () => {
    const id = await entryWith('termDefined');
    const detail = (await s.api(`/products/${id}`)).body;
    const res = await s.api(`/pricing/products/${id}?allProductSellingModelPrices=true`);
    assert.equal(res.body.productPriceEntries.length, detail.productSellingModels.length);
    const termModel = detail.productSellingModels.find((m: any) => m.sellingModelType === 'TermDefined');
    const entry = res.body.productPriceEntries.find((e: any) => e.productSellingModelId === termModel.id);
    assert.ok(entry.success);
    const rule = termModel.subscriptionTermRule;
    assert.equal(entry.subscriptionTermPrices[0].term, rule.minimum);
    assert.ok(entry.subscriptionTermPrices.length <= 50);
    for (const t of entry.subscriptionTermPrices)
      assert.equal(cents(t.negotiatedPrice), cents(entry.unitPrice) * t.term);
  });

  test('a product without a price answers ITEM_NOT_FOUND', async () => {
    const id = await entryWith('none');
    const res = await s.api(`/pricing/products/${id}`);
    assert.equal(res.status, 404);
    assert.equal(errorOf(res).errorCode, 'ITEM_NOT_FOUND');
  });

  test('bad input: malformed id, unsupported currency', async () => {
    assert.equal((await s.api('/pricing/products/bad!')).status, 400);
    const p = (await s.api('/products?skus=DS-00001')).body.products[0];
    const eur = await s.api(`/pricing/products/${p.id}?currencyIsoCode=EUR`);
    assert.equal(eur.status, 400);
    assert.equal(errorOf(eur).errorCode, 'INVALID_API_INPUT');
    assert.equal((await s.api(`/pricing/products/${p.id}?currencyIsoCode=usd1`)).status, 400);
  });
});

describe('pricing/products (collection)', () => {
  test('prices every product asked for, failures per line', async () => {
    const prods = (await s.api('/products?skus=DS-00001,DS-00002')).body.products.map((p: any) => p.id);
    const none = await entryWith('none');
    const res = await s.api(`/pricing/products?productIds=${[...prods, none].join(',')}`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.pricingLineItemResults.map((r: any) => r.productId),
      [...prods, none],
    );
    assert.deepEqual(
      res.body.pricingLineItemResults.map((r: any) => r.success),
      [true, true, false],
    );
    const post = await s.api('/pricing/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pricingLineItems: prods.map((productId: string) => ({ productId })) }),
    });
    assert.equal(post.status, 200);
    assert.equal(post.body.pricingLineItemResults.length, 2);
  });

  test('needs a list of product ids', async () => {
    const res = await s.api('/pricing/products');
    assert.equal(res.status, 400);
    assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
    const badJson = await s.api('/pricing/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"pricingLineItems": [',
    });
    assert.equal(badJson.status, 400);
    errorOf(badJson);
  });
});
