import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeRefinementsJson,
  MISSING_SEARCH_QUERY_MESSAGE,
  SORT_RULES,
  type ProductSearchQuery,
  type SearchRefinement,
} from '@store/core';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { deferred, json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;
const CATEGORY = '0ZG000000000001AAA';
const ACCOUNT = '001000000000002AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
  return { client, calls };
}

const results = {
  locale: 'en_US',
  correlationId: 'c1',
  productsPage: { pageSize: 20, total: 0, products: [] },
  categories: null,
  facets: [],
};

// A refinement with characters that base64 turns into '+' and '/' and non-ASCII text, so the
// URL-safe alphabet and the UTF-8 step are both exercised.
const REFINEMENTS: SearchRefinement[] = [
  {
    type: 'DistinctValue',
    attributeType: 'Custom',
    nameOrId: 'ListStatus__c',
    values: ['Verified', 'Updated Monthly'],
  },
  { type: 'DistinctValue', attributeType: 'Custom', nameOrId: 'Countries__c', values: ['Côte d’Ivoire', '>>>???'] },
  { type: 'DistinctValue', attributeType: 'PricebookEntry', nameOrId: 'UnitPrice', values: ['100-249'] },
];

describe('searchProducts (GET search/products)', () => {
  it('sends the query as parameters, the refinements as URL-safe base64 JSON that decodes back', async () => {
    const { client, calls } = setup(() => json(results));
    const answer = await client.searchProducts(
      {
        searchTerm: 'dentists',
        categoryId: CATEGORY,
        refinements: REFINEMENTS,
        page: 2,
        pageSize: 12,
        sortRuleId: SORT_RULES[1].sortRuleId,
        fields: ['Name', 'StockKeepingUnit'],
        grouping: { groupingOption: 'NoGrouping' },
        includeProductVariationInfo: true,
      },
      { effectiveAccountId: ACCOUNT },
    );
    assert.deepEqual(answer, results);
    assert.equal(calls[0].method, 'GET');
    assert.equal(pathOf(calls[0].url), `${BASE}/search/products`);
    const q = queryOf(calls[0].url);
    assert.deepEqual(
      { ...q, refinements: undefined },
      {
        searchTerm: 'dentists',
        categoryId: CATEGORY,
        refinements: undefined,
        page: '2',
        pageSize: '12',
        sortRuleId: SORT_RULES[1].sortRuleId,
        fields: 'Name,StockKeepingUnit',
        grouping: 'NoGrouping',
        includeProductVariationInfo: 'true',
        effectiveAccountId: ACCOUNT,
      },
    );
    // Raw in the URL (no percent-escapes needed), and the same array after decoding.
    assert.match(new URL(calls[0].url, 'http://host').search, /[?&]refinements=[A-Za-z0-9_-]+(&|$)/);
    assert.deepEqual(decodeRefinementsJson(q.refinements), REFINEMENTS);
  });

  it('leaves out what is not given: no empty refinements, no relevance sort id, no all-zero account', async () => {
    const { client, calls } = setup(() => json(results));
    await client.searchProducts(
      { categoryId: CATEGORY, refinements: [], sortRuleId: '' },
      { effectiveAccountId: '000000000000000' },
    );
    assert.deepEqual(queryOf(calls[0].url), { categoryId: CATEGORY });
  });

  it('a blank term next to a category is dropped rather than sent', async () => {
    const { client, calls } = setup(() => json(results));
    await client.searchProducts({ categoryId: CATEGORY, searchTerm: '   ' });
    assert.deepEqual(queryOf(calls[0].url), { categoryId: CATEGORY });
  });

  it('with includePrices it uses the body form instead', async () => {
    const { client, calls } = setup(() =>
      json({ ...results, productsPage: { ...results.productsPage, currencyIsoCode: 'USD' } }, { status: 201 }),
    );
    const answer = await client.searchProducts({ searchTerm: 'dentists', includePrices: true });
    assert.equal(answer.productsPage.currencyIsoCode, 'USD');
    assert.equal(calls[0].method, 'POST');
    assert.equal(pathOf(calls[0].url), `${BASE}/search/product-search`);
    assert.deepEqual(JSON.parse(calls[0].body!), { searchTerm: 'dentists', includePrices: true });
  });

  it('passes the signal on, so a newer search can cancel an older one', async () => {
    const hold = deferred<Response>();
    const { client, calls } = setup(() => hold.promise);
    const controller = new AbortController();
    const pending = client.searchProducts({ searchTerm: 'dentists' }, { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    assert.equal(calls[0].signal?.aborted, true);
  });

  it('a 400 from the server arrives as a CommerceFetchError carrying its code and message', async () => {
    const { client } = setup(() =>
      json([{ errorCode: 'INVALID_API_INPUT', message: 'The refinements parameter is not valid URL-safe base64.' }], {
        status: 400,
      }),
    );
    await assert.rejects(client.searchProducts({ searchTerm: 'x', refinements: REFINEMENTS }), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 400);
      assert.equal(e.errors[0].type, 'INVALID_API_INPUT');
      assert.equal(e.errors[0].message, 'The refinements parameter is not valid URL-safe base64.');
      return true;
    });
  });
});

describe('productSearch (POST search/product-search)', () => {
  it('posts the known keys of the query, refinements as a plain array, with the CSRF header and the account as a parameter', async () => {
    const { client, calls } = setup(() => json(results, { status: 201 }));
    const query = {
      searchTerm: 'dentists',
      categoryId: CATEGORY,
      refinements: REFINEMENTS,
      page: 0,
      pageSize: 20,
      sortRuleId: SORT_RULES[3].sortRuleId,
      fields: ['Name'],
      grouping: { groupingOption: 'VariationParent' },
      includePrices: true,
      includeQuantityRule: false,
      somethingElse: 'dropped',
    } as ProductSearchQuery;
    await client.productSearch(query, { effectiveAccountId: ACCOUNT });
    assert.equal(calls[0].method, 'POST');
    assert.equal(pathOf(calls[0].url), `${BASE}/search/product-search`);
    assert.deepEqual(queryOf(calls[0].url), { effectiveAccountId: ACCOUNT });
    assert.equal(calls[0].headers['X-CSRF-Token'], 'tok');
    assert.equal(calls[0].headers['Content-Type'], 'application/json');
    const { somethingElse: _dropped, ...expected } = query as ProductSearchQuery & { somethingElse: string };
    assert.deepEqual(JSON.parse(calls[0].body!), expected);
  });
});

describe('search validation (spec 01 §5)', () => {
  const missing: Array<[string, unknown]> = [
    ['an empty query', {}],
    ['no query at all', undefined],
    ['a null query', null],
    ['a blank term and a blank category', { searchTerm: ' ', categoryId: '' }],
    ['refinements without a term or category', { refinements: REFINEMENTS }],
  ];
  for (const [name, query] of missing) {
    it(`${name}: both forms reject with the spec's message before any request`, async () => {
      const { client, calls } = setup();
      await assert.rejects(client.searchProducts(query as ProductSearchQuery), {
        message: MISSING_SEARCH_QUERY_MESSAGE,
      });
      await assert.rejects(client.productSearch(query as ProductSearchQuery), {
        message: MISSING_SEARCH_QUERY_MESSAGE,
      });
      await assert.rejects(client.searchProducts({ ...(query as object), includePrices: true }), {
        message: MISSING_SEARCH_QUERY_MESSAGE,
      });
      assert.equal(calls.length, 0);
    });
  }

  it('a term alone or a category alone is enough', async () => {
    const { client, calls } = setup(() => json(results));
    await client.searchProducts({ searchTerm: 'dentists' });
    await client.searchProducts({ categoryId: CATEGORY });
    assert.equal(calls.length, 2);
  });
});

describe('getSearchSuggestions', () => {
  it('GETs search/suggestions with the given options', async () => {
    const answer = {
      recentSearchSuggestions: [],
      suggestedTerms: [{ value: 'dentists', productCount: 12 }],
      suggestedProducts: [],
    };
    const { client, calls } = setup(() => json(answer));
    assert.deepEqual(
      await client.getSearchSuggestions({
        searchTerm: 'dentsts',
        includeSuggestedProducts: true,
        includeSuggestedTerms: true,
        maxResults: 6,
        maxSuggestedProducts: 4,
        popularProductsCategoryId: CATEGORY,
        effectiveAccountId: ACCOUNT,
      }),
      answer,
    );
    assert.equal(pathOf(calls[0].url), `${BASE}/search/suggestions`);
    assert.deepEqual(queryOf(calls[0].url), {
      searchTerm: 'dentsts',
      includeSuggestedProducts: 'true',
      includeSuggestedTerms: 'true',
      maxResults: '6',
      maxSuggestedProducts: '4',
      popularProductsCategoryId: CATEGORY,
      effectiveAccountId: ACCOUNT,
    });
  });

  it('sends only the term when nothing else is asked, and an empty term is a valid question', async () => {
    const { client, calls } = setup(() =>
      json({ recentSearchSuggestions: [], suggestedTerms: [], suggestedProducts: [] }),
    );
    await client.getSearchSuggestions({ searchTerm: 'den tists & co' });
    await client.getSearchSuggestions({ searchTerm: '' });
    assert.deepEqual(queryOf(calls[0].url), { searchTerm: 'den tists & co' });
    assert.deepEqual(queryOf(calls[1].url), { searchTerm: '' });
  });

  it('a null or missing term is a TypeError before any request', async () => {
    const { client, calls } = setup();
    await assert.rejects(client.getSearchSuggestions({ searchTerm: null as unknown as string }), TypeError);
    await assert.rejects(client.getSearchSuggestions({} as never), TypeError);
    await assert.rejects(client.getSearchSuggestions(undefined as never), TypeError);
    assert.equal(calls.length, 0);
  });
});

describe('getSortRules', () => {
  it('GETs search/sort-rules', async () => {
    const { client, calls } = setup(() => json({ sortRules: SORT_RULES }));
    assert.deepEqual((await client.getSortRules()).sortRules, SORT_RULES);
    assert.equal(pathOf(calls[0].url), `${BASE}/search/sort-rules`);
    assert.deepEqual(queryOf(calls[0].url), {});
  });
});
