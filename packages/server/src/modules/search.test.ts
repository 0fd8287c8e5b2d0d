// Product search over HTTP on the demo catalogue (SQLite, or PostgreSQL with DATABASE_URL): facets,
// refinements, sorts, paging, grouping, prices, suggestions, entitlements, bad input, and a catalogue
// change that is searchable at once, also from a second server on the same database.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRICE_BUCKETS,
  RECORD_COUNT_BUCKETS,
  SEARCH_FACETS,
  SORT_RULES,
  encodeRefinements,
  type ProductSearchResults,
  type SearchRefinement,
} from '@store/core';
import { BASE, WEBSTORE_ID, startTestServer, errorOf, type TestServer } from '../test-support/server.ts';
import { markProductsChanged } from '../db/catalog-version.ts';
import { PARTNER_CATEGORY_URL } from '../seed/access.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const search = async (params: Record<string, string | number>, refinements?: SearchRefinement[]) => {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  if (refinements) q.set('refinements', encodeRefinements(refinements));
  const res = await s.api(`/search/products?${q}`);
  assert.equal(res.status, 200, res.text);
  return res.body as ProductSearchResults;
};
const field = (p: ProductSearchResults['productsPage']['products'][number], name: string) =>
  p.fields[name]?.value ?? null;
const facet = (r: ProductSearchResults, name: string) => r.facets.find((f) => f.nameOrId === name);
const countOf = (r: ProductSearchResults, name: string, value: string) =>
  facet(r, name)?.values.find((v) => v.nameOrId === value)?.productCount ?? 0;
const FIELDS = `StockKeepingUnit,${SEARCH_FACETS.listStatus},Countries_Display__c,B2B_Record_Count__c`;
const rule = (nameOrId: string, direction: string) =>
  SORT_RULES.find((r) => r.nameOrId === nameOrId && r.direction === direction)!.sortRuleId;

describe('search/products', () => {
  test('a term finds datasets by name, wrapped field values and the platform page shape', async () => {
    const r = await search({ searchTerm: 'dentists', fields: FIELDS });
    assert.ok(r.productsPage.total >= 3);
    assert.equal(r.productsPage.pageSize, 20);
    assert.equal(r.locale, 'en_US');
    assert.ok(r.correlationId);
    assert.equal(r.productsPage.currencyIsoCode, undefined, 'the GET page carries no currency');
    for (const p of r.productsPage.products.slice(0, 3)) assert.match(p.name, /dentist/i);
    const first = r.productsPage.products[0]!;
    assert.match(first.id, /^01t/);
    assert.equal(typeof field(first, 'StockKeepingUnit'), 'string');
    assert.deepEqual(Object.keys(first.fields).sort(), FIELDS.split(',').sort());
    assert.ok(first.defaultImage.url);
    assert.equal(typeof first.productSellingModelInformation.isSubscriptionProduct, 'boolean');
  });

  test('a repeated search is answered from the kept answer with its own correlationId', async () => {
    const query = { searchTerm: 'veterinarians', fields: FIELDS };
    const first = await search(query);
    const again = await search(query);
    assert.ok(first.correlationId && again.correlationId);
    assert.notEqual(again.correlationId, first.correlationId, 'each answer names its own request');
    assert.deepEqual({ ...again, correlationId: null }, { ...first, correlationId: null });
    assert.doesNotMatch(JSON.stringify(again), /\\u0000/, 'no placeholder left in the answer');
  });

  test('the range facets are labelled in the store currency, low to high, the same on every search', async () => {
    // The labels are formatted once per currency and kept (services/search.ts rangeLabels): a later search must
    // show exactly the same ones, and a bucket's label must say its bounds.
    const PRICE = ['Under $100', '$100–$249', '$250–$499', '$500–$999', '$1,000 and above'];
    const RECORDS = ['Under 1,000', '1,000–9,999', '10,000–49,999', '50,000 and above'];
    const labelsOf = (r: ProductSearchResults, name: string) =>
      facet(r, name)!.values.map((v) => [v.nameOrId, v.displayName]);
    const expected = (r: ProductSearchResults, name: string, labels: string[], buckets: readonly string[]) =>
      facet(r, name)!.values.map((v) => [v.nameOrId, labels[buckets.indexOf(v.nameOrId)]]);
    for (const term of ['email', 'dentists', 'email']) {
      const r = await search({ searchTerm: term });
      assert.ok(facet(r, SEARCH_FACETS.price)!.values.length > 0, `${term}: a price facet`);
      assert.deepEqual(labelsOf(r, SEARCH_FACETS.price), expected(r, SEARCH_FACETS.price, PRICE, PRICE_BUCKETS));
      assert.deepEqual(
        labelsOf(r, SEARCH_FACETS.recordCount),
        expected(r, SEARCH_FACETS.recordCount, RECORDS, RECORD_COUNT_BUCKETS),
      );
      // Natural order: the buckets as the store defines them, not alphabetical.
      const order = facet(r, SEARCH_FACETS.price)!.values.map((v) => PRICE_BUCKETS.indexOf(v.nameOrId as never));
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
      );
    }
  });

  test('facet counts add up, and each facet ignores its own selection (disjunctive)', async () => {
    const all = await search({ searchTerm: 'email' });
    const status = facet(all, SEARCH_FACETS.listStatus)!;
    assert.equal(status.facetType, 'DistinctValue');
    assert.equal(
      status.values.reduce((n, v) => n + v.productCount, 0),
      all.productsPage.total,
      'every dataset has one list status',
    );
    assert.deepEqual(
      status.values.map((v) => v.displayName),
      [...status.values.map((v) => v.displayName)].sort((a, b) => a.localeCompare(b)),
    );
    const verified = await search({ searchTerm: 'email', fields: FIELDS, pageSize: 200 }, [
      { type: 'DistinctValue', attributeType: 'Custom', nameOrId: SEARCH_FACETS.listStatus, values: ['Verified'] },
    ]);
    assert.equal(verified.productsPage.total, countOf(all, SEARCH_FACETS.listStatus, 'Verified'));
    assert.ok(verified.productsPage.products.every((p) => field(p, SEARCH_FACETS.listStatus) === 'Verified'));
    // The list status facet still offers the other statuses with their full counts...
    assert.deepEqual(facet(verified, SEARCH_FACETS.listStatus)!.values, status.values);
    // ...while the other facets count only verified lists.
    const countries = facet(verified, SEARCH_FACETS.countries)!.values.reduce((n, v) => n + v.productCount, 0);
    assert.ok(
      countries >= verified.productsPage.total &&
        countries < facet(all, SEARCH_FACETS.countries)!.values.reduce((n, v) => n + v.productCount, 0),
    );
  });

  test('refinements combine: OR within a facet, AND across facets; record-count and price ranges', async () => {
    const both = await search({ searchTerm: 'email', pageSize: 200, fields: FIELDS }, [
      { nameOrId: SEARCH_FACETS.listStatus, values: ['Verified', 'New'] },
    ]);
    const v = await search({ searchTerm: 'email' }, [{ nameOrId: SEARCH_FACETS.listStatus, values: ['Verified'] }]);
    const n = await search({ searchTerm: 'email' }, [{ nameOrId: SEARCH_FACETS.listStatus, values: ['New'] }]);
    assert.equal(both.productsPage.total, v.productsPage.total + n.productsPage.total);

    const big = await search({ searchTerm: 'email', pageSize: 200, fields: FIELDS }, [
      { nameOrId: SEARCH_FACETS.listStatus, values: ['Verified'] },
      { nameOrId: SEARCH_FACETS.recordCount, values: ['1000-9999', '10000-49999'] },
    ]);
    assert.ok(big.productsPage.total > 0 && big.productsPage.total < v.productsPage.total);
    for (const p of big.productsPage.products) {
      assert.equal(field(p, SEARCH_FACETS.listStatus), 'Verified');
      assert.ok(Number(field(p, 'B2B_Record_Count__c')) >= 1000);
    }
    // The demo's record counts are its files' (a hundredth of the lists they stand for: seed/datasets.ts).
    const range = await search({ searchTerm: 'email', pageSize: 200, fields: FIELDS }, [
      { type: 'Range', nameOrId: SEARCH_FACETS.recordCount, min: 200, max: 300 },
    ]);
    assert.ok(range.productsPage.total > 0);
    for (const p of range.productsPage.products)
      assert.ok(Number(field(p, 'B2B_Record_Count__c')) >= 200 && Number(field(p, 'B2B_Record_Count__c')) <= 300);

    const cheap = await search({ searchTerm: 'email', pageSize: 50 }, [
      { nameOrId: SEARCH_FACETS.price, values: ['0-99', '100-249'] },
    ]);
    const body = await s.api(`/pricing/products?productIds=${cheap.productsPage.products.map((p) => p.id).join(',')}`);
    assert.ok(cheap.productsPage.products.length > 0);
    for (const line of body.body.pricingLineItemResults)
      assert.ok(Number(line.unitPrice) < 250, `${line.productId} costs ${line.unitPrice}`);
  });

  test('sort orders: price both ways, name, newest; the default is relevance', async () => {
    const ids = async (sortRuleId: string) =>
      (await search({ searchTerm: 'email', pageSize: 30, sortRuleId, fields: 'Name' })).productsPage.products;
    const priceOf = async (list: { id: string }[]) => {
      const res = await s.api(`/pricing/products?productIds=${list.map((p) => p.id).join(',')}`);
      const by = new Map(res.body.pricingLineItemResults.map((l: any) => [l.productId, Number(l.unitPrice)]));
      return list.map((p) => by.get(p.id) as number);
    };
    const up = await priceOf(await ids(rule('UnitPrice', 'Ascending')));
    assert.deepEqual(
      up,
      [...up].sort((a, b) => a - b),
    );
    const down = await priceOf(await ids(rule('UnitPrice', 'Descending')));
    assert.deepEqual(
      down,
      [...down].sort((a, b) => b - a),
    );
    assert.ok(down[0]! > up[0]!);
    const names = (await ids(rule('Name', 'Ascending'))).map((p) => p.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );
    const rules = await s.api('/search/sort-rules');
    assert.equal(rules.body.sortRules[0].type, 'Relevancy');
    assert.equal(rules.body.sortRules.length, SORT_RULES.length);
  });

  test('paging walks the results without repeats; page × pageSize is capped at 5000', async () => {
    const all = await search({ searchTerm: 'email', pageSize: 200 });
    const pages = await Promise.all([0, 1, 2].map((page) => search({ searchTerm: 'email', pageSize: 7, page })));
    const seen = pages.flatMap((p) => p.productsPage.products.map((x) => x.id));
    assert.equal(new Set(seen).size, 21);
    assert.deepEqual(
      seen,
      all.productsPage.products.slice(0, 21).map((p) => p.id),
    );
    assert.ok(pages.every((p) => p.productsPage.total === all.productsPage.total));
    const beyond = await search({ searchTerm: 'dentists', page: 50, pageSize: 20 });
    assert.equal(beyond.productsPage.products.length, 0);
    const capped = await s.api('/search/products?searchTerm=email&page=25&pageSize=200');
    assert.equal(capped.status, 400);
  });

  test('a category search covers its subtree, lists the children with results, and refines with a term', async () => {
    const root = (await s.api('/product-categories/children')).body.productCategories[0];
    const r = await search({ categoryId: root.id, pageSize: 5 });
    assert.equal(r.categories!.category.id, root.id);
    assert.equal(r.categories!.productCount, r.productsPage.total);
    assert.ok(r.categories!.children.length > 0);
    assert.ok(r.categories!.children.every((c) => c.productCount > 0 && c.productCount <= r.productsPage.total));
    const child = r.categories!.children[0]!;
    const inChild = await search({ categoryId: child.category.id, pageSize: 1 });
    assert.equal(inChild.productsPage.total, child.productCount);
    const termInRoot = await search({ categoryId: root.id, searchTerm: 'email' });
    const term = await search({ searchTerm: 'email' });
    assert.ok(
      termInRoot.productsPage.total <= term.productsPage.total && termInRoot.productsPage.total <= r.productsPage.total,
    );
    const byCategoryFacet = await search({ searchTerm: 'email' }, [
      { attributeType: 'ProductCategory', nameOrId: SEARCH_FACETS.category, values: [root.id] },
    ]);
    assert.equal(byCategoryFacet.productsPage.total, termInRoot.productsPage.total);
  });

  test('variations group under their parent by default and show on their own with NoGrouping', async () => {
    const grouped = await search({ searchTerm: 'choose your coverage', pageSize: 50 });
    assert.ok(grouped.productsPage.products.some((p) => p.productClass === 'VariationParent'));
    assert.ok(grouped.productsPage.products.every((p) => p.productClass !== 'Variation'));
    const flat = await search({ searchTerm: 'US Dentists', grouping: 'NoGrouping', pageSize: 50 });
    assert.ok(flat.productsPage.products.some((p) => p.productClass === 'Variation'));
    assert.ok(flat.productsPage.products.every((p) => p.productClass !== 'VariationParent'));
  });

  test("the POST form answers 201 with prices in the buyer's currency", async () => {
    const agent = s.agent();
    const res = await agent.post(`${BASE}/search/product-search`, {
      searchTerm: 'dentists',
      pageSize: 5,
      includePrices: true,
      refinements: [{ nameOrId: SEARCH_FACETS.listStatus, values: ['Verified'] }],
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.productsPage.currencyIsoCode, 'USD');
    const p = res.body.productsPage.products[0];
    const price = await s.api(`/pricing/products/${p.id}`);
    assert.equal(p.prices.unitPrice, price.body.unitPrice);
    assert.equal(p.prices.success, true);
  });

  test('entitlements: partner exclusives are found only by a wholesale buyer', async () => {
    const guest = await search({ searchTerm: 'partner edition' });
    assert.ok(
      !guest.productsPage.products.some((p) => p.name.includes('Partner')),
      'a guest does not see partner datasets',
    );
    const buyer = await s.login('morgan@northwind.example');
    const res = await buyer.api(`/search/products?searchTerm=${encodeURIComponent('partner edition')}`);
    assert.ok(
      res.body.productsPage.products.some((p: any) => /partner/i.test(p.name)),
      JSON.stringify(res.body.productsPage.products.map((p: any) => p.name)),
    );
    const byCategory = await s.api(`/search/products?categoryId=${PARTNER_CATEGORY_URL}`);
    assert.equal(byCategory.status, 400);
  });
});

describe('bad input is a 400 in the platform shape and changes nothing', () => {
  for (const [what, path, message] of [
    [
      'no term and no category',
      '/search/products',
      /Either the categoryId or the searchTerm property must be defined in the search query\./,
    ],
    ['an empty term', '/search/products?searchTerm=%20%20', /Either the categoryId or the searchTerm/],
    ['malformed base64 refinements', '/search/products?searchTerm=email&refinements=%25%25not*base64', /base64/],
    [
      'base64 of something other than JSON',
      `/search/products?searchTerm=email&refinements=${Buffer.from('nope{').toString('base64url')}`,
      /JSON/,
    ],
    [
      'refinements that are not a list',
      `/search/products?searchTerm=email&refinements=${Buffer.from('{"a":1}').toString('base64url')}`,
      /refinements/,
    ],
    [
      'an unknown refinement field',
      `/search/products?searchTerm=email&refinements=${encodeRefinements([{ nameOrId: 'Colour__c', values: ['red'] }])}`,
      /Colour__c/,
    ],
    [
      'a bad range bucket',
      `/search/products?searchTerm=email&refinements=${encodeRefinements([{ nameOrId: SEARCH_FACETS.price, values: ['cheap'] }])}`,
      /cheap/,
    ],
    ['pageSize 0', '/search/products?searchTerm=email&pageSize=0', /pageSize/],
    ['pageSize 201', '/search/products?searchTerm=email&pageSize=201', /pageSize/],
    ['a fractional page', '/search/products?searchTerm=email&page=1.5', /page/],
    ['an unknown sort rule', '/search/products?searchTerm=email&sortRuleId=0lbNOPE', /sort rule/],
    ['an unknown category', '/search/products?categoryId=0ZG999999999999AAA', /category/],
    ['suggestions without a term', '/search/suggestions', /searchTerm/],
    ['suggestions with maxResults 11', '/search/suggestions?searchTerm=den&maxResults=11', /maxResults/],
  ] as const) {
    test(what, async () => {
      const res = await s.api(path);
      assert.equal(res.status, 400, res.text);
      const e = errorOf(res);
      assert.equal(e.errorCode, 'INVALID_API_INPUT');
      assert.match(e.message, message);
    });
  }

  test('a POST with unknown body fields or a wrong type', async () => {
    const agent = s.agent();
    const extra = await agent.post(`${BASE}/search/product-search`, { searchTerm: 'email', colour: 'red' });
    assert.equal(extra.status, 400);
    const wrong = await agent.post(`${BASE}/search/product-search`, { searchTerm: 'email', pageSize: 'ten' });
    assert.equal(wrong.status, 400);
    assert.equal(errorOf(wrong).errorCode, 'INVALID_API_INPUT');
  });
});

describe('search/suggestions', () => {
  test('completes the last word, tolerates a typo, and offers products on request', async () => {
    const typo = await s.api('/search/suggestions?searchTerm=dentsts&includeSuggestedProducts=true');
    assert.equal(typo.status, 200);
    assert.equal(typo.body.suggestedTerms[0].value, 'dentists');
    assert.ok(typo.body.suggestedTerms[0].productCount >= 3);
    assert.ok(typo.body.suggestedProducts.length > 0 && typo.body.suggestedProducts.length <= 6);
    assert.ok(typo.body.suggestedProducts.every((p: any) => /dentist/i.test(p.name)));
    assert.deepEqual(typo.body.recentSearchSuggestions, []);

    const prefix = await s.api('/search/suggestions?searchTerm=vet');
    assert.ok(
      prefix.body.suggestedTerms.some((t: any) => t.value === 'veterinarians'),
      JSON.stringify(prefix.body),
    );
    assert.deepEqual(prefix.body.suggestedProducts, [], 'products only when asked');

    const two = await s.api(`/search/suggestions?searchTerm=${encodeURIComponent('restaurants cal')}`);
    assert.ok(
      two.body.suggestedTerms.some((t: any) => t.value === 'restaurants california'),
      JSON.stringify(two.body),
    );
    // Each suggested term finds the number of products it promises.
    for (const t of two.body.suggestedTerms)
      assert.equal((await search({ searchTerm: t.value })).productsPage.total, t.productCount);

    const none = await s.api('/search/suggestions?searchTerm=den&includeSuggestedTerms=false&maxResults=3');
    assert.deepEqual(none.body.suggestedTerms, []);
    const few = await s.api('/search/suggestions?searchTerm=c&maxResults=3');
    assert.ok(few.body.suggestedTerms.length <= 3 && few.body.suggestedTerms.length > 0);
  });

  test("an empty term with popularProductsCategoryId offers that category's products", async () => {
    const root = (await s.api('/product-categories/children')).body.productCategories[0];
    const res = await s.api(
      `/search/suggestions?searchTerm=&includeSuggestedProducts=true&maxSuggestedProducts=4&popularProductsCategoryId=${root.id}`,
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.suggestedProducts.length, 4);
    assert.deepEqual(res.body.suggestedTerms, []);
  });
});

describe('the index follows the catalogue', () => {
  test('a renamed product is found by its new name at once, also by a second server on the same database', async () => {
    const other = await startTestServer({ shareDatabaseOf: s });
    try {
      const before = await search({ searchTerm: 'dentists', pageSize: 1, fields: 'StockKeepingUnit' });
      const product = before.productsPage.products[0]!;
      await other.api('/search/products?searchTerm=dentists'); // the second index is built before the change
      await s.db.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('product')
          .set({ name: 'Orthodontists of Atlantis, Email and Phone' })
          .where('id', '=', product.id)
          .execute();
        await markProductsChanged(trx, WEBSTORE_ID, [product.id]);
      });
      for (const server of [s, other]) {
        const found = await server.api('/search/products?searchTerm=atlantis');
        assert.equal(found.body.productsPage.total, 1);
        assert.equal(found.body.productsPage.products[0].id, product.id);
        assert.equal(found.body.productsPage.products[0].name, 'Orthodontists of Atlantis, Email and Phone');
      }
      await s.db.db.transaction().execute(async (trx) => {
        await trx.updateTable('product').set({ is_active: 0 }).where('id', '=', product.id).execute();
        await markProductsChanged(trx, WEBSTORE_ID, [product.id]);
      });
      for (const server of [s, other])
        assert.equal((await server.api('/search/products?searchTerm=atlantis')).body.productsPage.total, 0);
    } finally {
      await other.close();
    }
  });

  test("a search's later pages come from its kept results, and a catalogue change is never answered from them", async () => {
    // POST: no answer is kept, so each page is read from the engine's window of that search.
    const agent = s.agent();
    const page = async (page: number, pageSize = 3) => {
      const res = await agent.post(`${BASE}/search/product-search`, { searchTerm: 'email', page, pageSize });
      assert.equal(res.status, 201, res.text);
      return res.body as ProductSearchResults;
    };
    const ids = (r: ProductSearchResults) => r.productsPage.products.map((p) => p.id);
    const [first, second, whole] = [await page(0), await page(1), await page(0, 7)];
    assert.ok(first.productsPage.total >= 7);
    assert.deepEqual([...ids(first), ...ids(second)], ids(whole).slice(0, 6), 'the pages follow one order');
    assert.deepEqual(second.facets, first.facets, 'every page shows the same facet counts');
    assert.equal(second.productsPage.total, first.productsPage.total);

    // The first dataset leaves the results: the next page asked is of the changed catalogue, not the window.
    const gone = ids(first)[0]!;
    await s.db.db.transaction().execute(async (trx) => {
      await trx.updateTable('product').set({ is_active: 0 }).where('id', '=', gone).execute();
      await markProductsChanged(trx, WEBSTORE_ID, [gone]);
    });
    try {
      const later = await page(1);
      assert.equal(later.productsPage.total, first.productsPage.total - 1);
      const start = await page(0);
      assert.deepEqual([...ids(start), ...ids(later)], ids(whole).slice(1), 'paged anew, without it');
    } finally {
      await s.db.db.transaction().execute(async (trx) => {
        await trx.updateTable('product').set({ is_active: 1 }).where('id', '=', gone).execute();
        await markProductsChanged(trx, WEBSTORE_ID, [gone]);
      });
    }
  });

  test('the administrator edits synonyms; the next query uses them; others may not', async () => {
    const q = 'molarsmiths';
    assert.equal((await s.api(`/search/products?searchTerm=${q}`)).body.productsPage.total, 0);
    const path = `/services/data/v65.0/commerce/management/webstores/${WEBSTORE_ID}/search/synonyms`;
    const shopper = await s.login('casey@example.com');
    const refused = await shopper.put(path, { synonymGroups: [{ terms: ['molarsmith', 'dentist'] }] });
    assert.equal(refused.status, 403);
    assert.equal((await s.agent().get(path)).status, 403);
    const admin = await s.login('admin@datadepot.example');
    const current = (await admin.get(path)).body.synonymGroups;
    assert.ok(current.length > 0);
    const saved = await admin.put(path, { synonymGroups: [...current, { terms: ['molarsmith', 'dentist'] }] });
    assert.equal(saved.status, 200, saved.text);
    const found = await s.api(`/search/products?searchTerm=${q}&fields=Name`);
    assert.ok(found.body.productsPage.total >= 3);
    assert.ok(found.body.productsPage.products.every((p: any) => /dentist/i.test(p.name)));
    const bad = await admin.put(path, { synonymGroups: [{ terms: ['lonely'] }] });
    assert.equal(bad.status, 400);
    assert.equal(
      (await admin.get(path)).body.synonymGroups.length,
      current.length + 1,
      'a refused edit changes nothing',
    );
  });
});
