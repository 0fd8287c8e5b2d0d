// The facts an add keeps of its product (read with its summary: ProductReadModel.forCartLines) are the facts
// the recalculation would read itself: the same categories with their ancestors, tax policy and fulfilment.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, WEBSTORE_ID, type TestServer } from '../../test-support/server.ts';
import { LineFactsCache } from './line-facts.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer({ products: 120 });
});
after(async () => {
  await s?.close();
});

test('the facts kept from an add’s reads equal the facts read for the recalculation, for every product', async () => {
  const db = s.db.db;
  await s.services.readModel.sweep();
  const store = await s.services.webstores.get(WEBSTORE_ID);
  const tree = await s.services.categories.get(store.id, store.catalogVersion);
  const ids = (await db.selectFrom('product').select('id').where('is_active', '=', 1).execute()).map((r) => r.id);
  const rows = await s.services.products.rowsByIds(store.id, ids);
  const { categories } = await s.services.readModel.forCartLines(ids, store.id);
  assert.equal(categories.size, ids.length, 'every active product has a current summary');

  const kept = new LineFactsCache(db);
  kept.keep(
    tree,
    rows.map((r) => ({
      id: r.id,
      taxPolicyId: r.tax_policy_id,
      fulfilment: r.fulfilment,
      categoryIds: categories.get(r.id)!,
    })),
  );
  const fromKept = await kept.products(db, tree, ids);
  const fromReads = await new LineFactsCache(db).products(db, tree, ids);
  const sorted = (f: { categoryIds: string[] } | undefined) => f && { ...f, categoryIds: [...f.categoryIds].sort() };
  let withCategories = 0;
  for (const id of ids) {
    assert.deepEqual(sorted(fromKept.get(id)), sorted(fromReads.get(id)), id);
    if (fromReads.get(id)!.categoryIds.length > 1) withCategories++;
  }
  // Products in categories below the roots: the ancestors count.
  assert.ok(withCategories > 50, `products with a category and its ancestors: ${withCategories}`);
});
