// The store's selling models in the workspace (issue 15 §3) over real HTTP: the administrator creates a
// term-defined subscription model, offers a dataset with it, prices it through the prices call, and the
// storefront's own answers (product detail, prices) offer it at once, with its terms; a change of its terms
// shows at once too; bad input is a 400 (409 for a name taken or a priced model dropped) and changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { productIdOf } from '../../test-support/purchase.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { SELLING_MODEL_IDS } from '../../seed/store.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';
import { operationsOf, type OpenApiDoc } from '../../security/openapi-fuzz.ts';
import { fuzzAsAdministrator } from '../../test-support/workspace-fuzz.ts';

let s: TestServer;
let admin: Agent;
let productId: string;
before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  productId = await productIdOf(s, 'DS-00010');
});
after(async () => {
  await s?.close();
});

/** The selling models and what each product is offered with: what a refused call must leave as it was. */
async function modelState(): Promise<string> {
  const db = s.db.db;
  return JSON.stringify([
    await db.selectFrom('selling_model').selectAll().orderBy('id').execute(),
    await db.selectFrom('product_selling_model').selectAll().orderBy('product_id').orderBy('sort_order').execute(),
    await db.selectFrom('price_book_entry').select(['id', 'selling_model_id']).orderBy('id').execute(),
  ]);
}

describe('a new subscription model, end to end', () => {
  let modelId = '';

  test('created, offered and priced in the workspace; the storefront offers it at once with its terms', async () => {
    const made = await admin.post(`${W}/selling-models`, {
      name: '12-Month Term',
      sellingModelType: 'TermDefined',
      pricingTermUnit: 'Months',
      subscriptionTermRule: { minimum: 12, maximum: 12, increment: 12 },
    });
    assert.equal(made.status, 201, made.text);
    modelId = made.body.id;
    assert.deepEqual(
      { ...made.body, id: undefined },
      {
        id: undefined,
        name: '12-Month Term',
        sellingModelType: 'TermDefined',
        pricingTerm: 1,
        pricingTermUnit: 'Months',
        subscriptionTermRule: { minimum: 12, maximum: 12, increment: 12 },
        productCount: 0,
      },
    );
    const list = (await admin.get(`${W}/selling-models`)).body.items;
    assert.equal(list[0].sellingModelType, 'OneTime', 'the one-time model first');
    assert.ok(list.some((m: any) => m.id === modelId));

    const offered = await admin.put(`${W}/products/${productId}/selling-models`, { sellingModelIds: [modelId] });
    assert.equal(offered.status, 200, offered.text);
    assert.deepEqual(offered.body.sellingModelIds, [SELLING_MODEL_IDS.oneTime, modelId], 'one-time stays first');

    const prices = (await admin.get(`${W}/products/${productId}/prices`)).body;
    const oneTime = prices.entries.filter((e: any) => e.sellingModelId === null);
    assert.ok(oneTime.length > 0);
    const entries = [
      ...prices.entries,
      ...oneTime.map((e: any) => ({
        priceBookId: e.priceBookId,
        sellingModelId: modelId,
        unitPrice: '41.50',
        tiers: [],
      })),
    ];
    const priced = await admin.put(`${W}/products/${productId}/prices`, { entries });
    assert.equal(priced.status, 200, priced.text);

    // What a guest's product page reads: the model with its terms, and its price.
    const detail = (await s.api(`/products/${productId}`)).body;
    const model = detail.productSellingModels.find((m: any) => m.id === modelId);
    assert.deepEqual(model, {
      id: modelId,
      name: '12-Month Term',
      sellingModelType: 'TermDefined',
      pricingTerm: 1,
      pricingTermUnit: 'Months',
      subscriptionTermRule: { minimum: 12, maximum: 12, increment: 12 },
    });
    const pricing = (await s.api(`/pricing/products/${productId}?allProductSellingModelPrices=true`)).body;
    const entry = pricing.productPriceEntries.find((e: any) => e.productSellingModelId === modelId);
    assert.ok(entry?.success, JSON.stringify(pricing));
    assert.equal(entry.unitPrice, '41.50');
    assert.deepEqual(
      entry.subscriptionTermPrices.map((t: any) => [t.term, t.negotiatedPrice]),
      [[12, '498.00']],
    );
    assert.equal(
      (await admin.get(`${W}/selling-models`)).body.items.find((m: any) => m.id === modelId).productCount,
      1,
    );
  });

  test('a change of its terms shows on the product page at once; the audit log has every step', async () => {
    const changed = await admin.patch(`${W}/selling-models/${modelId}`, {
      name: '12 or 24-Month Term',
      subscriptionTermRule: { minimum: 12, maximum: 24, increment: 12 },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.pricingTermUnit, 'Months', 'fields not sent are kept');
    const model = (await s.api(`/products/${productId}`)).body.productSellingModels.find((m: any) => m.id === modelId);
    assert.equal(model.name, '12 or 24-Month Term');
    assert.deepEqual(model.subscriptionTermRule, { minimum: 12, maximum: 24, increment: 12 });
    const log = (await admin.get(`${W}/audit-log?recordType=SellingModel&recordId=${modelId}&sort=occurredAt`)).body;
    assert.deepEqual(
      log.items.map((e: any) => e.action),
      ['create', 'update'],
    );
    assert.equal(log.items[1].before.name, '12-Month Term');
    const offered = (await admin.get(`${W}/audit-log?recordType=Product&recordId=${productId}`)).body.items;
    assert.ok(offered.some((e: any) => e.action === 'setSellingModels'));
  });

  test('a model the product is still priced in cannot be dropped; once its prices go, it can', async () => {
    const before = await modelState();
    const dropped = await admin.put(`${W}/products/${productId}/selling-models`, { sellingModelIds: [] });
    assert.equal(dropped.status, 409, dropped.text);
    assert.equal(errorOf(dropped).errorCode, 'SELLING_MODEL_PRICED');
    assert.equal(await modelState(), before);
    const prices = (await admin.get(`${W}/products/${productId}/prices`)).body;
    const kept = prices.entries.filter((e: any) => e.sellingModelId !== modelId);
    assert.equal((await admin.put(`${W}/products/${productId}/prices`, { entries: kept })).status, 200);
    const now = await admin.put(`${W}/products/${productId}/selling-models`, { sellingModelIds: [] });
    assert.equal(now.status, 200, now.text);
    assert.deepEqual(now.body.sellingModelIds, [SELLING_MODEL_IDS.oneTime]);
    const detail = (await s.api(`/products/${productId}`)).body;
    assert.ok(!detail.productSellingModels.some((m: any) => m.id === modelId), 'no longer offered');
  });
});

describe('bad input', () => {
  test('is a 400 in the error shape (409 for a name taken), and nothing changes', async () => {
    const before = await modelState();
    const creations: unknown[] = [
      {
        name: 'Renews',
        sellingModelType: 'Evergreen',
        pricingTermUnit: 'Months',
        subscriptionTermRule: { minimum: 1, maximum: 2, increment: 1 },
      },
      { name: 'Term', sellingModelType: 'TermDefined', pricingTermUnit: 'Months' },
      {
        name: 'Term',
        sellingModelType: 'TermDefined',
        pricingTermUnit: 'Months',
        subscriptionTermRule: { minimum: 12, maximum: 30, increment: 12 },
      },
      { name: 'Once more', sellingModelType: 'OneTime', pricingTermUnit: 'Months' },
      { name: 'Weekly', sellingModelType: 'Evergreen', pricingTermUnit: 'Weeks' },
      { name: '  ', sellingModelType: 'Evergreen', pricingTermUnit: 'Months' },
      { name: 'Free', sellingModelType: 'Evergreen', pricingTermUnit: 'Months', price: '0' },
      { name: 'Half', sellingModelType: 'Evergreen', pricingTermUnit: 'Months', pricingTerm: 1.5 },
    ];
    for (const body of creations) {
      const res = await admin.post(`${W}/selling-models`, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
    }
    const taken = await admin.post(`${W}/selling-models`, {
      name: 'monthly refresh',
      sellingModelType: 'Evergreen',
      pricingTermUnit: 'Months',
    });
    assert.equal(taken.status, 409, taken.text);
    assert.equal(errorOf(taken).errorCode, 'DUPLICATE_VALUE');

    const oneTimeTerms = await admin.patch(`${W}/selling-models/${SELLING_MODEL_IDS.oneTime}`, { pricingTerm: 2 });
    assert.equal(oneTimeTerms.status, 400, oneTimeTerms.text);
    const unknownModel = await admin.patch(`${W}/selling-models/0jP000000000999AAA`, { name: 'Ghost' });
    assert.equal(unknownModel.status, 404, unknownModel.text);
    const evergreenRule = await admin.patch(`${W}/selling-models/${SELLING_MODEL_IDS.monthlyRefresh}`, {
      subscriptionTermRule: { minimum: 1, maximum: 3, increment: 1 },
    });
    assert.equal(evergreenRule.status, 400, evergreenRule.text);

    for (const body of [
      { sellingModelIds: ['0jP000000000999AAA'] },
      { sellingModelIds: [SELLING_MODEL_IDS.annual, SELLING_MODEL_IDS.annual] },
      { sellingModelIds: ['x'] },
      {},
    ]) {
      const res = await admin.put(`${W}/products/${productId}/selling-models`, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    }
    const noProduct = await admin.put(`${W}/products/01t000000009999AAA/selling-models`, { sellingModelIds: [] });
    assert.equal(noProduct.status, 404, noProduct.text);
    assert.equal(await modelState(), before, 'nothing changed');
  });
});

describe('malformed requests from the administrator', () => {
  test('every selling-model operation, fuzzed from the OpenAPI document: no 5xx, every 4xx in the error shape, nothing changed', {
    timeout: 600_000,
  }, async () => {
    const doc = (await s.get('/api/docs')).body as OpenApiDoc;
    const ops = operationsOf(doc).filter((op) => op.template.includes('/selling-models'));
    assert.equal(ops.length, 5);
    const values = {
      params: {
        webstoreId: '0ZE000000000001AAA',
        productId,
        sellingModelId: SELLING_MODEL_IDS.monthlyTerm,
      },
      fields: {},
    };
    const tally = await fuzzAsAdministrator(s.url, admin, ops, values, modelState);
    console.log(
      `workspace selling-model fuzz (administrator): ${ops.length} operations, ${tally.sent} requests sent (${tally.unsendable} unsendable), ${tally.faults.length} 5xx, ${tally.shapeless.length} shapeless 4xx, 0 state changes`,
    );
    assert.deepEqual(tally.faults, []);
    assert.deepEqual(tally.shapeless, []);
    assert.ok(tally.sent > 100);
  });
});
