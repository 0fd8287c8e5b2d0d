// The relevance set (search/relevance-set.ts) over HTTP on the demo catalogue: each query's datasets
// must rank in the top 3. Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../test-support/server.ts';
import { RELEVANCE_SET } from '../search/relevance-set.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

describe('relevance set: the datasets a shopper means rank in the top 3', () => {
  test('the set has at least 30 queries, with misspellings, synonyms and multi-word queries', () => {
    assert.ok(RELEVANCE_SET.length >= 30);
    assert.ok(RELEVANCE_SET.filter((r) => r.query.includes(' ')).length >= 15);
  });
  for (const r of RELEVANCE_SET) {
    test(`"${r.query}" → ${r.top3.join(', ')} (${r.why})`, async () => {
      const res = await s.api(
        `/search/products?searchTerm=${encodeURIComponent(r.query)}&pageSize=3&fields=StockKeepingUnit`,
      );
      assert.equal(res.status, 200, res.text);
      const top = res.body.productsPage.products.map((p: any) => `${p.fields.StockKeepingUnit.value} ${p.name}`);
      for (const sku of r.top3)
        assert.ok(
          top.some((t: string) => t.startsWith(`${sku} `)),
          `${sku} is not in the top 3: ${top.join(' | ')}`,
        );
    });
  }
});
